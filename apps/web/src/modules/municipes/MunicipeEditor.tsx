// /municipes/{id}/edit: loads the citizen and the per-citizen permissions, then mounts the record form; its tabs are
// child routes in the <Outlet>. Block tabs (sociodemographic, health) are forms of their own beside this one.
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import type { Municipe, PermissaoCadastro } from '@saude/shared/schemas/municipe';
import type { CadsusMunicipe } from '@saude/shared/schemas/municipe_cadsus';
import { usePode } from '../../lib/access';
import { BackButton } from '../../lib/detail';
import { NotFoundPage, notifyError, RemoveButton } from '../../lib/feedback';
import { ApiError } from '../../lib/http';
import { RecordForm, useRecordForm } from '../../lib/form';
import { useParametrizacao } from '../../lib/parametrizacao';
import { AbasMunicipe, useFocoPendente } from './abas';
import { CadsusProvider } from './cadsus/CadsusContext';
import { getMunicipe, useDeleteMunicipe, useMunicipe, usePermissaoCadastro, useSaveMunicipe } from './api';
import type { MunicipeTabContext } from './context';
import { abaDoCampo, formParaApi, municipeParaForm, ROTULOS, useMunicipeFormSchema } from './formValues';
import { MunicipeCabecalho } from './MunicipeCabecalho';
import { CorrecoesPainel } from './lgpd/CorrecoesPainel';
import { MunicipeFormInfoProvider } from './secoes/comum';
import { UnificacoesRecebidas } from './unificacao';
import { BLOCO_PATHS, municipeTabs, PATHS_CADASTRO, tabDoCaminho } from './tabs';
import { useUnidadesDoUsuario } from './unidades';

const MODEL = 'Munícipe';

const naoEncontrado = (err: unknown) => err instanceof ApiError && err.status === 404;

export function MunicipeEditLoader({ id }: { id: string }) {
  const municipe = useMunicipe(id);
  const permissoes = usePermissaoCadastro(id);
  // An unknown or malformed id (/municipes/abc/edit) is the not-found screen, not a silent trip back (issue 12): the
  // citizen's own 404 decides it, so a failed permission lookup waits for the citizen's answer.
  const ausente = naoEncontrado(municipe.error);
  const volta = !ausente && !municipe.isPending && (permissoes.isError || municipe.isError);
  const erro = permissoes.error ?? municipe.error;
  useEffect(() => {
    if (volta) notifyError(erro);
  }, [volta, erro]);
  if (ausente) return <NotFoundPage />;
  // Spec §2/§6: any failed permission lookup (a 404 too, issue 39) sends the user to the list, saying why.
  if (volta) return <Navigate to="/municipes" replace />;
  // A merged record (issue 45) is a tombstone: its old links open the record it was merged into.
  const unificadoEm = municipe.data?.unificado_em_id;
  if (unificadoEm) return <Navigate to={`/municipes/${unificadoEm}/edit`} replace />;
  if (!municipe.data || !permissoes.data) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Carregando munícipe">
        <Skeleton h={72} radius="md" />
        <Skeleton h={44} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  return <MunicipeEditor municipe={municipe.data} permissoes={permissoes.data} recarregar={municipe.refetch} />;
}

function MunicipeEditor({
  municipe,
  permissoes,
  recarregar,
}: {
  municipe: Municipe;
  permissoes: PermissaoCadastro;
  recarregar: () => Promise<{ data?: Municipe }>;
}) {
  useDocumentTitle(municipe.nome);
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  // A person opened from the registry list (issue 43) arrives to be compared with this record, field by field.
  const doCadsus = (state as { cadsus?: CadsusMunicipe } | null)?.cadsus ?? null;
  const editPath = `/municipes/${municipe.id}/edit`;
  const aba = tabDoCaminho(pathname, editPath);
  const { parametrizacao } = useParametrizacao();
  const tabs = municipeTabs(permissoes, parametrizacao?.habilita_biometria === true, usePode('municipes/lgpd:show'));
  const unidades = useUnidadesDoUsuario(municipe);
  const save = useSaveMunicipe(municipe.id);
  const remover = useDeleteMunicipe();
  const podeRemover = usePode('municipes:destroy');
  // Profiles with show but not update (e.g. surveillance) open the page to read the record and their block tabs.
  const podeEditar = usePode('municipes:update');
  const abaCadastro = PATHS_CADASTRO.has(aba);
  const irPara = (path: string) => navigate(path ? `${editPath}/${path}` : editPath);
  const schema = useMunicipeFormSchema();
  // The stored record replaces the form's values (theirs after a 409; the restored one after a merge is undone).
  const recarregarFormulario = () =>
    recarregar().then((r) => {
      if (r.data) record.form.reset(municipeParaForm(r.data));
    });
  const record = useRecordForm({
    schema,
    defaultValues: municipeParaForm(municipe),
    model: MODEL,
    genero: 'm',
    labels: ROTULOS,
    save: (values) => save.mutateAsync({ ...formParaApi(values), lock_version: municipe.lock_version }),
    // Stays on the record: the form starts again from what was stored.
    onSaved: (saved, form) => form.reset(municipeParaForm(saved)),
    stale: {
      // Theirs replaces these edits.
      reload: recarregarFormulario,
      latest: () => getMunicipe(municipe.id),
      toValues: municipeParaForm,
    },
    canSave: abaCadastro && podeEditar,
    // Tabs are child routes of the one form: only leaving the record asks.
    scope: editPath,
    onFieldError: (path) => {
      const destino = abaDoCampo(path);
      if (destino !== aba) void irPara(destino);
      focar(path);
    },
  });
  const focar = useFocoPendente(record.form, aba);

  const contexto: MunicipeTabContext = { municipe, permissoes };
  // An unknown tab falls back to the default one; a block tab the user may not open still mounts, and answers 403
  // itself, so a typed URL is refused rather than silently redirected (spec §6).
  if (!tabs.some((t) => t.path === aba) && !BLOCO_PATHS.has(aba)) return <Navigate to={editPath} replace />;

  return (
    <Stack gap="md">
      <MunicipeCabecalho municipe={municipe} />
      <UnificacoesRecebidas municipeId={municipe.id} onDesfeita={recarregarFormulario} />
      <CorrecoesPainel municipeId={municipe.id} />
      <AbasMunicipe tabs={tabs} aba={aba} onChange={(path) => void irPara(path)} />
      <FormProvider {...record.form}>
        <MunicipeFormInfoProvider value={{ municipe, unidades }}>
          <CadsusProvider inicial={doCadsus}>
            {abaCadastro ? (
              <RecordForm
                record={record}
                onCancel={() => void navigate('/municipes')}
                locked={!podeEditar}
                lockedActions={<BackButton to="/municipes" end />}
                extraActions={
                  podeRemover && (
                    <RemoveButton
                      model="munícipe"
                      remove={() => remover.mutateAsync(municipe.id)}
                      onRemoved={record.allowNavigation}
                      goTo="/municipes"
                    >
                      Remover
                    </RemoveButton>
                  )
                }
              >
                <Outlet context={contexto} />
              </RecordForm>
            ) : (
              <Stack gap="md">
                {/* The record's edits wait in the page's form while a block tab is open; say so, they are saved elsewhere. */}
                {record.form.formState.isDirty && (
                  <Alert color="yellow" variant="light" role="status">
                    <Group justify="space-between" gap="sm">
                      <Text size="sm">Há alterações não salvas no cadastro do munícipe.</Text>
                      <Button size="xs" variant="light" mih={32} onClick={() => void irPara('')}>
                        Voltar ao cadastro
                      </Button>
                    </Group>
                  </Alert>
                )}
                <Outlet context={contexto} />
              </Stack>
            )}
          </CadsusProvider>
        </MunicipeFormInfoProvider>
      </FormProvider>
    </Stack>
  );
}
