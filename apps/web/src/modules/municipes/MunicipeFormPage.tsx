// /municipes/new and /municipes/{id}/edit (spec §2, issue 5). The edit page loads the citizen and the per-citizen
// permissions, then mounts the form; its tabs are child routes rendered in the <Outlet>.
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormProvider, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { Navigate, Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatCns, formatCpf, msg } from '@saude/shared';
import type { Municipe, MunicipeDuplicado, PermissaoCadastro } from '@saude/shared/schemas/municipe';
import { useParametrizacao } from '../../app/parametrizacao';
import { RETORNO, safeRetorno } from '../../app/returnPath';
import { confirmDelete, notifyError, notifyRemoved, notifySaved, TOAST_MS } from '../../lib/feedback';
import {
  ErrorSummary,
  FormActions,
  flattenErrors,
  isoToBr,
  setServerErrors,
  useSaveShortcut,
  useUnsavedChangesPrompt,
  useZodForm,
  type Option,
} from '../../lib/form';
import { ApiError } from '../../lib/http';
import { useLotacoes, useUsuario } from '../auth/api';
import type { MunicipeTabContext } from './context';
import { DuplicadosPanel } from './DuplicadosPanel';
import {
  abaDoCampo,
  formParaApi,
  municipeFormSchema,
  municipeParaForm,
  novoMunicipe,
  ROTULOS,
  type MunicipeFormOutput,
  type MunicipeFormValues,
} from './formValues';
import { duplicadosOf, useDeleteMunicipe, useMunicipe, usePermissaoCadastro, usePode, useSaveMunicipe } from './api';
import { DocumentosTab, IdentificacaoTab, MunicipeFormInfoProvider, OutrosTab } from './MunicipeSecoes';
import { idadeTexto } from './idade';
import { municipeTabs, PATHS_CADASTRO, TABS_CADASTRO, tabDoCaminho, tabPath, tabValue, BLOCO_PATHS } from './tabs';
import { usePromptForaDaEdicao } from './usePromptForaDaEdicao';

const MODEL = 'Munícipe';

type MunicipeForm = UseFormReturn<MunicipeFormValues, unknown, MunicipeFormOutput>;

/** Units the form offers: where the user works, plus the citizen's current reference unit. */
function useUnidades(municipe?: Municipe): Option[] {
  const lotacoes = useLotacoes().data;
  const usuario = useUsuario();
  return useMemo(() => {
    const out: Option[] = [];
    const add = (value: string | null | undefined, label: string | null | undefined) => {
      if (value && !out.some((o) => o.value === value)) out.push({ value, label: label ?? value });
    };
    add(usuario?.unidade_atual?.id, usuario?.unidade_atual?.nome);
    for (const l of lotacoes ?? []) add(l.unidade_saude_id, l.unidade_nome);
    add(municipe?.unidade_saude_referencia_id, municipe?.unidade_referencia_nome);
    return out;
  }, [lotacoes, usuario, municipe]);
}

/** The first field with an error: its tab, so the page can show it. */
const primeiroErro = (errors: FieldErrors) =>
  flattenErrors(errors as Record<string, unknown>).find((e) => !e.path.startsWith('root'));

/** Focuses `path` once the tab that holds it is on screen (tab chunks load lazily). */
function useFocoPendente(form: MunicipeForm, abaAtual: string) {
  const [pendente, setPendente] = useState<string | null>(null);
  useEffect(() => {
    if (!pendente || abaDoCampo(pendente) !== abaAtual) return;
    const t = window.setTimeout(() => {
      form.setFocus(pendente as never);
      setPendente(null);
    }, 50);
    return () => window.clearTimeout(t);
  }, [pendente, abaAtual, form]);
  return setPendente;
}

export function MunicipeFormPage() {
  const { id } = useParams();
  return id ? <MunicipeEditLoader id={id} /> : <MunicipeNovo />;
}

// ---- new ----------------------------------------------------------------------------------------------------

/**
 * Where a new citizen goes back to when created from another form (?retorno=, e.g. the individual registration):
 * only same-site primary-care paths, without query or fragment (the new citizen's id is appended as ?municipe_id=).
 */
function retornoAposCriar(value: string | null): string | null {
  const safe = safeRetorno(value);
  return safe && /^\/atencao_primaria\/[\w/-]+$/.test(safe) && !safe.includes('//') ? safe : null;
}

function MunicipeNovo() {
  useDocumentTitle('Novo munícipe');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const retorno = retornoAposCriar(searchParams.get(RETORNO));
  const usuario = useUsuario();
  const unidades = useUnidades();
  const save = useSaveMunicipe();
  const form = useZodForm(municipeFormSchema, novoMunicipe(usuario?.unidade_atual?.id ?? null));
  const [aba, setAba] = useState('');
  const [duplicados, setDuplicados] = useState<MunicipeDuplicado[] | null>(null);
  const { allowNavigation } = useUnsavedChangesPrompt(form.formState.isDirty && !save.isSuccess);
  const focar = useFocoPendente(form, aba);

  useEffect(() => {
    form.setFocus('cpf_numero');
  }, [form]);

  const mostrarErro = (path: string) => {
    setAba(abaDoCampo(path));
    focar(path);
  };

  const gravar = async (values: MunicipeFormOutput, confirmar = false) => {
    try {
      const saved = await save.mutateAsync({ ...formParaApi(values), confirmar_duplicados: confirmar });
      notifySaved(MODEL);
      allowNavigation();
      void navigate(
        retorno ? `${retorno}?municipe_id=${encodeURIComponent(saved.id)}` : `/municipes/${saved.id}/edit`,
        { replace: true },
      );
    } catch (err) {
      const lista = duplicadosOf(err);
      if (lista) {
        setDuplicados(lista);
        return;
      }
      if (err instanceof ApiError && err.status === 422 && setServerErrors(form, err.errors) > 0) {
        const first = Object.keys(err.errors)[0];
        if (first) mostrarErro(first);
        return;
      }
      notifyError(err);
    }
  };

  const onSubmit = form.handleSubmit(
    (values) => gravar(values),
    (errors) => {
      const e = primeiroErro(errors);
      if (e && abaDoCampo(e.path) !== aba) mostrarErro(e.path);
    },
  );
  useSaveShortcut(onSubmit);

  return (
    <Stack gap="md">
      <Title order={2}>Novo munícipe</Title>
      <FormProvider {...form}>
        <MunicipeFormInfoProvider value={{ unidades }}>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <Tabs value={tabValue(aba)} onChange={(v) => setAba(tabPath(v))} keepMounted={false}>
                <Tabs.List>
                  {TABS_CADASTRO.map((t) => (
                    <Tabs.Tab key={t.path} value={tabValue(t.path)} mih={44}>
                      {t.label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
              </Tabs>
              <Text size="sm" c="dimmed">
                Informações sociodemográficas, condições de saúde e biometria ficam disponíveis depois de gravar o
                cadastro.
              </Text>
              <Resumo form={form} onSelect={mostrarErro} />
              {aba === '' && <IdentificacaoTab />}
              {aba === 'documento_prontuario' && <DocumentosTab />}
              {aba === 'outros' && <OutrosTab />}
              <DuplicadosPanel
                duplicados={duplicados}
                confirmando={save.isPending}
                onCancelar={() => setDuplicados(null)}
                onConfirmar={() => void form.handleSubmit((values) => gravar(values, true))()}
              />
              <FormActions submitting={save.isPending} onCancel={() => navigate(retorno ?? '/municipes')} />
            </Stack>
          </form>
        </MunicipeFormInfoProvider>
      </FormProvider>
    </Stack>
  );
}

function Resumo({ form, onSelect }: { form: MunicipeForm; onSelect: (path: string) => void }) {
  if (form.formState.submitCount === 0) return null;
  return (
    <ErrorSummary
      model={MODEL}
      errors={form.formState.errors as Record<string, unknown>}
      labels={ROTULOS}
      onSelect={onSelect}
    />
  );
}

// ---- edit ---------------------------------------------------------------------------------------------------

function MunicipeEditLoader({ id }: { id: string }) {
  const municipe = useMunicipe(id);
  const permissoes = usePermissaoCadastro(id);
  const falhou = municipe.isError && !permissoes.isError;
  useEffect(() => {
    if (falhou) notifyError(municipe.error);
  }, [falhou, municipe.error]);
  // Spec §2/§6: a failed permission lookup sends the user to the list (so does a citizen that cannot be read).
  if (permissoes.isError || municipe.isError) return <Navigate to="/municipes" replace />;
  if (!municipe.data || !permissoes.data) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Carregando munícipe">
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
  const { pathname } = useLocation();
  const editPath = `/municipes/${municipe.id}/edit`;
  const aba = tabDoCaminho(pathname, editPath);
  const { parametrizacao } = useParametrizacao();
  const tabs = municipeTabs(permissoes, parametrizacao?.habilita_biometria === true);
  const unidades = useUnidades(municipe);
  const save = useSaveMunicipe(municipe.id);
  const remover = useDeleteMunicipe();
  const podeRemover = usePode('municipes:destroy');
  // Profiles with show but not update (e.g. surveillance) open the page to read the record and their block tabs.
  const podeEditar = usePode('municipes:update');
  const form = useZodForm(municipeFormSchema, municipeParaForm(municipe));
  const { allowNavigation } = usePromptForaDaEdicao(form.formState.isDirty, editPath);
  const focar = useFocoPendente(form, aba);
  const abaCadastro = PATHS_CADASTRO.has(aba);
  const irPara = (path: string) => navigate(path ? `${editPath}/${path}` : editPath);

  const mostrarErro = (path: string) => {
    const destino = abaDoCampo(path);
    if (destino !== aba) void irPara(destino);
    focar(path);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const saved = await save.mutateAsync({ ...formParaApi(values), lock_version: municipe.lock_version });
        form.reset(municipeParaForm(saved));
        notifySaved(MODEL);
      } catch (err) {
        if (err instanceof ApiError && err.status === 422 && setServerErrors(form, err.errors) > 0) {
          const first = Object.keys(err.errors)[0];
          if (first && abaDoCampo(first) !== aba) mostrarErro(first);
          return;
        }
        // 409: someone else saved first; 'Recarregar' brings their version and drops these edits.
        notifyError(err, {
          onReload: () =>
            void recarregar().then((r) => {
              if (r.data) form.reset(municipeParaForm(r.data));
            }),
        });
      }
    },
    (errors) => {
      const e = primeiroErro(errors);
      if (e && abaDoCampo(e.path) !== aba) mostrarErro(e.path);
    },
  );
  useSaveShortcut(onSubmit, abaCadastro && podeEditar);

  const onRemover = () =>
    confirmDelete({
      model: MODEL.toLowerCase(),
      onConfirm: async () => {
        try {
          await remover.mutateAsync(municipe.id);
          notifyRemoved(MODEL);
          allowNavigation();
          void navigate('/municipes', { replace: true });
        } catch (err) {
          // 409 names what still points at the citizen (spec §8 'Falha ao remover').
          if (err instanceof ApiError && err.status === 409) {
            notifications.show({
              color: 'red',
              icon: <IconX size={18} aria-hidden />,
              autoClose: TOAST_MS,
              title: msg.falhaAoRemover,
              message: err.message,
            });
          } else notifyError(err);
        }
      },
    });

  const contexto: MunicipeTabContext = { municipe, permissoes };
  // An unknown tab falls back to the default one; a block tab the user may not open still mounts, and answers 403
  // itself, so a typed URL is refused rather than silently redirected (spec §6).
  if (!tabs.some((t) => t.path === aba) && !BLOCO_PATHS.has(aba)) return <Navigate to={editPath} replace />;

  return (
    <Stack gap="md">
      <MunicipeCabecalho municipe={municipe} />
      <Tabs value={tabValue(aba)} onChange={(v) => void irPara(tabPath(v))} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {tabs.map((t) => (
            <Tabs.Tab key={t.path} value={tabValue(t.path)} mih={44}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <FormProvider {...form}>
        <MunicipeFormInfoProvider value={{ municipe, unidades }}>
          {abaCadastro ? (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <Resumo form={form} onSelect={mostrarErro} />
                <fieldset disabled={!podeEditar} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                  <Outlet context={contexto} />
                </fieldset>
                {podeEditar ? (
                  <FormActions submitting={save.isPending} submitLabel="Salvar" onCancel={() => navigate('/municipes')}>
                    {podeRemover && (
                      <Button
                        color="red"
                        variant="outline"
                        mih={44}
                        leftSection={<IconTrash size={16} aria-hidden />}
                        onClick={onRemover}
                      >
                        Remover
                      </Button>
                    )}
                  </FormActions>
                ) : (
                  <Group justify="flex-end">
                    <Button variant="default" mih={44} onClick={() => void navigate('/municipes')}>
                      Voltar
                    </Button>
                  </Group>
                )}
              </Stack>
            </form>
          ) : (
            <Stack gap="md">
              {/* The record's edits wait in the page's form while a block tab is open; say so, they are saved elsewhere. */}
              {form.formState.isDirty && (
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
        </MunicipeFormInfoProvider>
      </FormProvider>
    </Stack>
  );
}

/** Who this is (ux.md detail header): name, age, CPF/CNS, reference unit. */
export function MunicipeCabecalho({ municipe: m }: { municipe: Municipe }) {
  const itens: Array<[string, ReactNode]> = [
    ['Nascimento', `${isoToBr(m.data_nascimento)} (${idadeTexto(m.data_nascimento, m.data_obito)})`],
    ['CPF', m.cpf_numero ? formatCpf(m.cpf_numero) : 'Não informado'],
    ['CNS', m.codigo_cns ? formatCns(m.codigo_cns) : 'Não informado'],
    ['Unidade de referência', m.unidade_referencia_nome ?? 'Não informada'],
  ];
  return (
    <Card withBorder radius="md" padding="md">
      <Group gap="sm" align="center">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {m.nome}
        </Title>
        {m.data_obito && (
          <Badge color="dark" variant="filled">
            Falecido(a)
          </Badge>
        )}
      </Group>
      {m.nome_social && <Text c="dimmed">Nome social: {m.nome_social}</Text>}
      <Group gap="lg" mt="xs" wrap="wrap">
        {itens.map(([rotulo, valor]) => (
          <Text key={rotulo} size="sm">
            <Text span c="dimmed">
              {rotulo}:{' '}
            </Text>
            <Text span fw={500}>
              {valor}
            </Text>
          </Text>
        ))}
      </Group>
    </Card>
  );
}
