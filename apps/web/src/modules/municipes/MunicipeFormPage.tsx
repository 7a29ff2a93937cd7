// /municipes/new and /municipes/{id}/edit (spec §2, issue 5). New: the three record tabs in one form, and the likely
// duplicates to confirm (409) before anything is created. Edit: MunicipeEditor.
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CadsusMunicipe } from '@saude/shared/schemas/municipe_cadsus';
import type { MunicipeDuplicado } from '@saude/shared/schemas/municipe';
import { RecordForm, useRecordForm } from '../../lib/form';
import { RETORNO, safeRetorno, useUsuario } from '../../lib/session';
import { AbasMunicipe, useFocoPendente } from './abas';
import { CadsusProvider } from './cadsus/CadsusContext';
import { duplicadosOf, useSaveMunicipe } from './api';
import { DuplicadosPanel } from './DuplicadosPanel';
import { abaDoCampo, formParaApi, novoMunicipe, ROTULOS, useMunicipeFormSchema } from './formValues';
import { MunicipeEditLoader } from './MunicipeEditor';
import { MunicipeFormInfoProvider } from './secoes/comum';
import { DocumentosTab } from './secoes/DocumentosTab';
import { IdentificacaoTab } from './secoes/IdentificacaoTab';
import { OutrosTab } from './secoes/OutrosTab';
import { TABS_CADASTRO } from './tabs';
import { useUnidadesDoUsuario } from './unidades';

export const MODEL = 'Munícipe';

export function MunicipeFormPage() {
  const { id } = useParams();
  return id ? <MunicipeEditLoader id={id} /> : <MunicipeNovo />;
}

/**
 * Where a new citizen goes back to when created from another form (?retorno=, e.g. the individual registration):
 * only same-site primary-care and urgent-care paths, without query or fragment (the new citizen's id is appended as
 * ?municipe_id=).
 */
function retornoAposCriar(value: string | null): string | null {
  const safe = safeRetorno(value);
  return safe && /^\/(atencao_primaria|urgencia_emergencia)\/[\w/-]+$/.test(safe) && !safe.includes('//') ? safe : null;
}

function MunicipeNovo() {
  useDocumentTitle('Novo munícipe');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const retorno = retornoAposCriar(searchParams.get(RETORNO));
  // A person found from the registry list (issue 24) arrives in the navigation's state, to fill the form once.
  const doCadsus = (useLocation().state as { cadsus?: CadsusMunicipe } | null)?.cadsus ?? null;
  const usuario = useUsuario();
  const unidades = useUnidadesDoUsuario();
  const save = useSaveMunicipe();
  const [aba, setAba] = useState('');
  const [duplicados, setDuplicados] = useState<MunicipeDuplicado[] | null>(null);
  // Set by "Cadastrar mesmo assim" for the one save that follows.
  const confirmar = useRef(false);
  const schema = useMunicipeFormSchema();
  const record = useRecordForm({
    schema,
    defaultValues: novoMunicipe(usuario?.unidade_atual?.id ?? null),
    model: MODEL,
    genero: 'm',
    labels: ROTULOS,
    save: (values) => {
      const confirmar_duplicados = confirmar.current;
      confirmar.current = false;
      return save.mutateAsync({ ...formParaApi(values), confirmar_duplicados });
    },
    onSaved: (saved) =>
      retorno ? `${retorno}?municipe_id=${encodeURIComponent(saved.id)}` : `/municipes/${saved.id}/edit`,
    onError: (err) => {
      const lista = duplicadosOf(err);
      if (lista) setDuplicados(lista);
      return lista !== null;
    },
    onFieldError: (path) => mostrarErro(path),
  });
  const { form } = record;
  const focar = useFocoPendente(form, aba);
  const mostrarErro = (path: string) => {
    setAba(abaDoCampo(path));
    focar(path);
  };

  useEffect(() => {
    form.setFocus('cpf_numero');
  }, [form]);

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Novo munícipe
      </Title>
      <FormProvider {...form}>
        <MunicipeFormInfoProvider value={{ unidades }}>
          <CadsusProvider inicial={doCadsus}>
            <RecordForm record={record} onCancel={() => void navigate(retorno ?? '/municipes')}>
              <AbasMunicipe tabs={TABS_CADASTRO} aba={aba} onChange={setAba} />
              <Text size="sm" c="dimmed">
                Informações sociodemográficas, condições de saúde e biometria ficam disponíveis depois de gravar o
                cadastro.
              </Text>
              {aba === '' && <IdentificacaoTab />}
              {aba === 'documento_prontuario' && <DocumentosTab />}
              {aba === 'outros' && <OutrosTab />}
              <DuplicadosPanel
                duplicados={duplicados}
                confirmando={record.saving}
                onCancelar={() => setDuplicados(null)}
                onConfirmar={() => {
                  confirmar.current = true;
                  void record.onSubmit();
                }}
              />
            </RecordForm>
          </CadsusProvider>
        </MunicipeFormInfoProvider>
      </FormProvider>
    </Stack>
  );
}
