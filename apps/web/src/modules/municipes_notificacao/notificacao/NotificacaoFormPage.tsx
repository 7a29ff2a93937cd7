// /municipes_notificacao/{id}/new and /{id}/notificacao_compulsoria/{notificacaoId}/edit (spec §2, issue 18): a
// compulsory notification of the citizen. The rules are the shared schema's, with the citizen's birth and death; the
// API decides (its 422 goes on the fields, a stale edit offers to reload). Saving an edit asks first.
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useMemo } from 'react';
import { Navigate, useMatch, useNavigate, useParams } from 'react-router';
import type { Notificacao, NotificacaoDetalhes } from '@saude/shared/schemas/notificacao_compulsoria';
import { usePode } from '../../../lib/access';
import { BackButton } from '../../../lib/detail';
import { RecordLoader } from '../../../lib/feedback';
import { RecordForm, useRecordForm } from '../../../lib/form';
import { comVersao, staleEdit } from '../../../lib/recordPage';
import { useUsuario } from '../../../lib/session';
import {
  BASE_PATH,
  detalhesPath,
  getNotificacao,
  notificacaoPath,
  novaPath,
  useNotificacao,
  useNotificacaoDetalhes,
  useSaveNotificacao,
} from './api';
import { MODEL } from './comum';
import { formParaApi, notificacaoFormSchema, notificacaoParaForm, novaNotificacao, ROTULOS } from './formValues';
import { MunicipeResumo } from './MunicipeResumo';
import { NotificacaoSecoes } from './NotificacaoSecoes';

/** What the save confirmation answers when the user keeps editing: not an error, nothing to say. */
const NAO_CONFIRMADO = Symbol('nao confirmado');

/** Spec §4/ux.md: saving changes to a health record asks first. */
function confirmarAlteracoes(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: 'Salvar alterações na notificação?',
      children: <Text size="sm">As alterações ficam registradas na notificação e na ficha do SINAN.</Text>,
      labels: { confirm: 'Sim, salvar', cancel: 'Não, continuar editando' },
      onConfirm: () => resolve(true),
      // Cancel, Esc or the close button: keep editing (a promise resolves once).
      onClose: () => resolve(false),
    });
  });
}

export function NotificacaoFormPage() {
  const { id: municipeId, notificacaoId } = useParams();
  const detalhes = useNotificacaoDetalhes(municipeId);
  const notificacao = useNotificacao(municipeId, notificacaoId);
  // Spec §2's {notificacaoId?}: edit with no notification is a new one for the citizen (docs/decisions.md), asked
  // at /new so that the permission to create decides.
  const semId = useMatch(`${BASE_PATH}/:id/notificacao_compulsoria/edit`);
  if (semId && municipeId) return <Navigate to={novaPath(municipeId)} replace />;
  return (
    <RecordLoader query={detalhes} backTo="/municipes_notificacao" label="Carregando munícipe">
      {(d) =>
        notificacaoId ? (
          <RecordLoader query={notificacao} backTo={detalhesPath(d.municipe.id)} label="Carregando notificação">
            {(n) => (
              <NotificacaoForm
                key={n.lock_version}
                detalhes={d}
                atual={n}
                recarregar={() => void notificacao.refetch()}
              />
            )}
          </RecordLoader>
        ) : (
          <NotificacaoForm detalhes={d} />
        )
      }
    </RecordLoader>
  );
}

function NotificacaoForm({
  detalhes: { municipe },
  atual,
  recarregar,
}: {
  detalhes: NotificacaoDetalhes;
  atual?: Notificacao;
  recarregar?: () => void;
}) {
  const titulo = atual ? `Editar notificação · ${atual.doenca.descricao}` : 'Nova notificação compulsória';
  useDocumentTitle(`${titulo} · ${municipe.nome}`);
  const navigate = useNavigate();
  const usuario = useUsuario();
  const save = useSaveNotificacao(municipe.id, atual?.id);
  const podeSituacao = usePode('municipes_notificacao:situacao');
  // A closed case is changed only by who may close cases (the API answers 403 to the others): it opens locked.
  const podeSalvar =
    usePode(atual ? 'municipes_notificacao:update' : 'municipes_notificacao:create') &&
    (!atual || atual.situacao === 'suspeito' || podeSituacao);
  const edicao = atual !== undefined;
  const schema = useMemo(
    () => notificacaoFormSchema(edicao, { data_nascimento: municipe.data_nascimento, data_obito: municipe.data_obito }),
    [edicao, municipe.data_nascimento, municipe.data_obito],
  );
  const voltar = atual ? notificacaoPath(municipe.id, atual.id, 'show') : detalhesPath(municipe.id);
  const record = useRecordForm({
    schema,
    defaultValues: atual ? notificacaoParaForm(atual) : novaNotificacao(usuario?.unidade_atual?.id ?? null),
    model: MODEL,
    genero: 'f',
    labels: ROTULOS,
    save: async (values) => {
      if (edicao && !(await confirmarAlteracoes())) throw NAO_CONFIRMADO;
      return save.mutateAsync(comVersao(formParaApi(values, edicao), atual));
    },
    onError: (err) => err === NAO_CONFIRMADO,
    onSaved: (saved) => notificacaoPath(municipe.id, saved.id, 'show'),
    stale: staleEdit(atual, recarregar, (id) => getNotificacao(municipe.id, id), notificacaoParaForm),
    canSave: podeSalvar,
  });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {titulo}
        </Title>
        <Text fw={600}>{municipe.nome}</Text>
        <MunicipeResumo municipe={municipe} />
      </Stack>
      <RecordForm
        record={record}
        label={titulo}
        onCancel={() => void navigate(voltar)}
        submitLabel={edicao ? 'Salvar alterações' : 'Salvar'}
        locked={!podeSalvar}
        lockedActions={<BackButton to={voltar} />}
      >
        <NotificacaoSecoes form={record.form} atual={atual} />
      </RecordForm>
    </Stack>
  );
}
