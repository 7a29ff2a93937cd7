// The identification of a patient without identification (issue 16): pick the citizen they turned out to be (or create
// one), confirm that their care visits move to that citizen; once identified, who and when, and a manager's undo.
// Also the patient's care visits, read-only (the care-visit screens own them).
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { msg } from '@saude/shared';
import type { MunicipeListItem } from '@saude/shared/schemas/municipe';
import type { PacienteSemIdentificacao } from '@saude/shared/schemas/paciente_sem_identificacao';
import { usePode } from '../../../lib/access';
import { ApiError } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import { FormSection, SearchSelect, useFieldLabel, useServerSearch } from '../../../lib/form';
import { dataHoraBr } from '../../../lib/format';
import { municipeRotulo, useBuscaMunicipes, useMunicipe } from '../../municipes';
import { RowsTable } from '../../../lib/RowsTable';
import { BASE_PATH, useDesfazerIdentificacao, useIdentificar } from './api';

const SITUACOES: Record<string, string> = {
  aguardando: 'Aguardando',
  chamado: 'Chamado',
  em_atendimento: 'Em atendimento',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
};

/** 'O atendimento deste paciente passará' / 'Os 3 atendimentos deste paciente passarão'. */
const atendimentos = (n: number, singular: string, plural: string) =>
  n === 1 ? `O atendimento deste paciente ${singular}` : `Os ${n} atendimentos deste paciente ${plural}`;

type Candidato = Pick<MunicipeListItem, 'id' | 'nome' | 'data_nascimento' | 'cpf_numero' | 'codigo_cns' | 'data_obito'>;

export function Identificacao({ paciente }: { paciente: PacienteSemIdentificacao }) {
  return paciente.municipe_id ? <Identificado paciente={paciente} /> : <Identificar paciente={paciente} />;
}

/** Who the patient turned out to be, who said so and when; a manager may undo it. */
function Identificado({ paciente }: { paciente: PacienteSemIdentificacao }) {
  const podeDesfazer = usePode('urgencia_emergencia/paciente_sem_identificacoes:desfazer_identificacao');
  const desfazer = useDesfazerIdentificacao(paciente.id);
  const n = paciente.atendimentos.length;
  const confirmar = () =>
    modals.openConfirmModal({
      title: 'Desfazer identificação?',
      children: (
        <Text size="sm">
          {paciente.nome} deixará de estar vinculado(a) a {paciente.municipe_nome}.
          {n > 0 && ` ${atendimentos(n, 'voltará', 'voltarão')} a ficar sem munícipe.`}
        </Text>
      ),
      labels: { confirm: 'Sim, desfazer', cancel: 'Não, manter' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        desfazer.mutateAsync({}).then(
          () => notifySuccess('Identificação desfeita.'),
          (err: unknown) => notifyError(err),
        );
      },
    });
  return (
    <Alert color="gray" variant="light" title="Paciente identificado" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Identificado como{' '}
          <Anchor component={Link} to={`/municipes/${paciente.municipe_id}/edit`} c="saude.9" fw={600}>
            {paciente.municipe_nome}
          </Anchor>{' '}
          por {paciente.identificado_por_nome ?? '—'} em {dataHoraBr(paciente.identificado_em)}.
        </Text>
        {podeDesfazer && (
          <Group>
            <Button variant="default" color="red" mih={44} onClick={confirmar} loading={desfazer.isPending}>
              Desfazer identificação
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** The citizen picker and "Identificar", for who may identify. */
function Identificar({ paciente }: { paciente: PacienteSemIdentificacao }) {
  const podeIdentificar = usePode('urgencia_emergencia/paciente_sem_identificacoes:identificar');
  const podeCriar = usePode('municipes:create');
  const identificar = useIdentificar(paciente.id);
  // ?municipe_id= preselects a citizen just created through "Novo munícipe" (which comes back here with it).
  const [searchParams] = useSearchParams();
  const [valor, setValor] = useState<string | null>(() => searchParams.get('municipe_id'));
  // Citizens seen in this picker, so the chosen one keeps its label when a new search no longer lists them.
  const [vistos, setVistos] = useState<Record<string, Candidato>>({});
  const carregado = useMunicipe(valor && !vistos[valor] ? valor : undefined).data;
  const escolhido = valor ? (vistos[valor] ?? (carregado?.id === valor ? carregado : undefined)) : undefined;
  const opcao = (m: Candidato) => ({
    value: m.id,
    label: m.data_obito ? `${municipeRotulo(m)} · Óbito` : municipeRotulo(m),
    // A deceased citizen is shown, not offered (the API refuses them too).
    disabled: !!m.data_obito,
  });
  const search = useServerSearch({ chosen: escolhido ? opcao(escolhido) : null });
  const resultados = useBuscaMunicipes(search.termo);
  const rows = resultados.data?.rows ?? [];
  const [erro, setErro] = useState<string | undefined>();
  const labelProps = useFieldLabel({
    label: 'Munícipe',
    tooltip: 'Busque por nome, CPF, CNS ou data de nascimento. Quem não está no cadastro pode ser cadastrado agora.',
  });
  if (!podeIdentificar) return null;
  const n = paciente.atendimentos.length;
  const nomeEscolhido = escolhido?.nome ?? 'o munícipe escolhido';

  const confirmar = () => {
    if (!valor) {
      setErro(msg.obrigatorio);
      return;
    }
    modals.openConfirmModal({
      title: 'Identificar paciente?',
      children: (
        <Text size="sm">
          {paciente.nome} será identificado(a) como {nomeEscolhido}.{' '}
          {n > 0
            ? `${atendimentos(n, 'passará', 'passarão')} para ${nomeEscolhido}.`
            : 'Este paciente ainda não tem atendimentos.'}
        </Text>
      ),
      labels: { confirm: 'Sim, identificar', cancel: 'Não, voltar' },
      onConfirm: () => {
        identificar.mutateAsync({ municipe_id: valor }).then(
          () => notifySuccess('Paciente identificado.'),
          (err: unknown) => {
            const campo = err instanceof ApiError ? err.errors.municipe_id?.[0] : undefined;
            if (campo) setErro(campo);
            else notifyError(err);
          },
        );
      },
    });
  };

  return (
    <FormSection
      title="Identificar paciente"
      description="Quando souber quem é o paciente, vincule-o ao cadastro do munícipe: os atendimentos dele passam para o munícipe."
    >
      <SearchSelect
        {...labelProps}
        {...search.selectProps({ data: rows, isFetching: resultados.isFetching }, opcao, 'Nenhum munícipe encontrado.')}
        value={valor}
        error={erro}
        placeholder="Digite ao menos 3 letras do nome, ou o CPF/CNS"
        name="municipe_id"
        onChange={(v) => {
          setErro(undefined);
          const m = v ? rows.find((r) => r.id === v) : undefined;
          if (m) setVistos((antes) => ({ ...antes, [m.id]: m }));
          setValor(v);
        }}
      />
      <Group>
        <Button mih={44} onClick={confirmar} loading={identificar.isPending}>
          Identificar
        </Button>
        {podeCriar && (
          <Button
            component={Link}
            to={`/municipes/new?retorno=${encodeURIComponent(`${BASE_PATH}/${paciente.id}/edit`)}`}
            variant="default"
            mih={44}
          >
            Novo munícipe
          </Button>
        )}
      </Group>
    </FormSection>
  );
}

const ATENDIMENTOS_PATH = '/urgencia_emergencia/atendimentos';

/**
 * The patient's care visits, newest first (read-only), and where to go next: a new arrival while unidentified, the
 * citizen's visits once identified (they moved there).
 */
export function AtendimentosDoPaciente({ paciente }: { paciente: PacienteSemIdentificacao }) {
  const visitas = paciente.atendimentos;
  const podeRegistrar = usePode('urgencia_emergencia/atendimentos:create');
  return (
    <FormSection title="Atendimentos do paciente" readOnly>
      <Group gap="sm">
        {!paciente.municipe_id && podeRegistrar && (
          <Button component={Link} to={`${ATENDIMENTOS_PATH}/${paciente.id}/chamar?sem_identificacao=1`} mih={44}>
            Registrar chegada
          </Button>
        )}
        {paciente.municipe_id && (
          <Button
            component={Link}
            to={`${ATENDIMENTOS_PATH}?municipe_id=${paciente.municipe_id}`}
            variant="default"
            mih={44}
          >
            Ver atendimentos do munícipe
          </Button>
        )}
      </Group>
      {visitas.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum atendimento registrado para este paciente.
        </Text>
      ) : (
        <RowsTable
          minWidth={480}
          label="Atendimentos do paciente"
          striped
          columns={['Chegada', 'Situação', 'Senha', 'Profissional']}
        >
          {visitas.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                {dataHoraBr(a.data_chegada)}{' '}
                {a.retroativo && (
                  <Badge size="sm" variant="light" color="gray">
                    Retroativo
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{SITUACOES[a.situacao] ?? a.situacao}</Table.Td>
              <Table.Td>{a.senha ?? '—'}</Table.Td>
              <Table.Td>{a.profissional_nome ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </RowsTable>
      )}
    </FormSection>
  );
}
