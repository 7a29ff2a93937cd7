// "Notificar munícipe" on the notification list (issue 18): the citizen registry's search (name, CPF, CNS or
// dd/mm/aaaa) finds ANY citizen, notified before or not; picking one opens a new notification for them.
import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SearchSelect, useServerSearch } from '../../../lib/form';
import { municipeRotulo, useBuscaMunicipes } from '../../municipes';
import { BASE_PATH } from './api';

export function NotificarMunicipe() {
  const navigate = useNavigate();
  const search = useServerSearch();
  const resultados = useBuscaMunicipes(search.termo);
  return (
    <Paper withBorder p="sm">
      <SearchSelect
        label="Notificar munícipe"
        description="Busque o munícipe para registrar uma nova notificação."
        placeholder="Nome, CPF, CNS ou data de nascimento do munícipe"
        style={{ maxWidth: 640 }}
        {...search.selectProps(
          { data: resultados.data?.rows, isFetching: resultados.isFetching },
          // A deceased citizen may still be notified (a death from a notifiable disease is notified too).
          (m) => ({ value: m.id, label: m.data_obito ? `${municipeRotulo(m)} · Óbito` : municipeRotulo(m) }),
          'Nenhum munícipe encontrado.',
        )}
        value={null}
        onChange={(id) => {
          if (id) void navigate(`${BASE_PATH}/${id}/new`);
        }}
      />
    </Paper>
  );
}
