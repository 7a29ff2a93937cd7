// "Registrar chegada" on the reception list (issue 16): the citizen registry's search (name, CPF, CNS or dd/mm/aaaa);
// picking someone opens their arrival form; "Novo munícipe" registers them first and comes back to it.
import { Group, Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { usePode } from '../../../lib/access';
import { LinkButton } from '../../../lib/LinkButton';
import { SearchSelect, useServerSearch } from '../../../lib/form';
import { municipeRotulo, useBuscaMunicipes } from '../../municipes';
import { caminhoDe, chegadaNovoMunicipe, type TipoAtendimento } from './api';

export function RegistrarChegada({ tipo }: { tipo: TipoAtendimento }) {
  const navigate = useNavigate();
  const search = useServerSearch();
  const resultados = useBuscaMunicipes(search.termo);
  const podeCriarMunicipe = usePode('municipes:create');
  // A deceased citizen is shown, disabled: no arrival of now (a late entry may still be theirs).
  const retroativo = tipo === 'atendimentos_retroativos';
  return (
    <Paper withBorder p="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchSelect
          label={retroativo ? 'Registrar atendimento retroativo' : 'Registrar chegada'}
          placeholder="Nome, CPF, CNS ou data de nascimento do munícipe"
          style={{ flex: '1 1 320px' }}
          {...search.selectProps(
            { data: resultados.data?.rows, isFetching: resultados.isFetching },
            (m) => ({
              value: m.id,
              label: m.data_obito && !retroativo ? `${municipeRotulo(m)} · Óbito` : municipeRotulo(m),
              disabled: !!m.data_obito && !retroativo,
            }),
            'Nenhum munícipe encontrado.',
          )}
          value={null}
          onChange={(id) => {
            if (id) void navigate(`${caminhoDe(tipo)}/${id}/chamar`);
          }}
        />
        {podeCriarMunicipe && (
          <LinkButton variant="default" to={`/municipes/new?retorno=${encodeURIComponent(chegadaNovoMunicipe(tipo))}`}>
            Novo munícipe
          </LinkButton>
        )}
      </Group>
    </Paper>
  );
}
