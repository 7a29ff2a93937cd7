// /atencao_primaria/cadastros_domiciliares/new and /{id}/edit (spec §2, issue 7). Edit has two child tabs:
// Identificação (index, the form) and Famílias (`familias`). The form adapts to the property type as e-SUS does
// (shared ehDomicilio / ehInstituicao / temCondicoesMoradia): a home answers the living conditions and animals, an
// institution the institution block, other properties only the address.
import { Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useWatch } from 'react-hook-form';
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { cboCadastroDomiciliarCodigos } from '@saude/shared/codes/cbo_cadastro_domiciliar';
import {
  ehDomicilio,
  ehInstituicao,
  temCondicoesMoradia,
  type CadastroDomiciliar,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { CheckboxField, FormSection, RecordForm, useRecordForm } from '../../../lib/form';
import { comVersao, recordPage, staleEdit, type RecordPageProps } from '../../../lib/recordPage';
import { CabecalhoEsus, opcoesCadastroEsus } from '../comum/CabecalhoEsus';
import { SinaisVitaisSecao } from '../comum/SinaisVitais';
import { BASE_PATH, getDomicilio, useDomicilio, useSaveDomicilio } from './api';
import { DomicilioCabecalho, MODEL } from './comum';
import { Animais, CondicoesMoradia, Endereco, Instituicao } from './DomicilioSecoes';
import { domicilioFormSchema, domicilioParaForm, formParaApi, novoDomicilio, ROTULOS_DOMICILIO } from './formValues';

const CBOS: ReadonlySet<string> = new Set(cboCadastroDomiciliarCodigos);

/** Outlet context of the edit page's tabs. */
export interface DomicilioTabContext {
  domicilio: CadastroDomiciliar;
  recarregar: () => void;
}

export const CadastroDomiciliarFormPage = recordPage(
  { load: useDomicilio, backTo: BASE_PATH, label: 'Carregando cadastro domiciliar' },
  DomicilioEdicao,
  DomicilioForm,
);

const ABAS = [
  { path: '', label: 'Identificação' },
  { path: 'familias', label: 'Famílias' },
] as const;

function DomicilioEdicao({ atual: domicilio, recarregar }: RecordPageProps<CadastroDomiciliar>) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const editPath = `${BASE_PATH}/${domicilio.id}/edit`;
  const aba = pathname.replace(/\/$/, '').startsWith(`${editPath}/familias`) ? 'familias' : '';
  const contexto: DomicilioTabContext = { domicilio, recarregar };
  return (
    <Stack gap="md">
      <DomicilioCabecalho c={domicilio} />
      <Tabs
        value={aba || 'identificacao'}
        onChange={(v) => void navigate(v === 'familias' ? `${editPath}/familias` : editPath)}
        keepMounted={false}
      >
        <Tabs.List>
          {ABAS.map((t) => (
            <Tabs.Tab key={t.path} value={t.path || 'identificacao'} mih={44}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet context={contexto} />
    </Stack>
  );
}

/** The index tab of /{id}/edit: the form of the loaded household (remounted when another save changes it). */
export function CadastroDomiciliarIdentificacaoTab() {
  const { domicilio, recarregar } = useOutletContext<DomicilioTabContext>();
  return <DomicilioForm key={domicilio.lock_version} atual={domicilio} recarregar={recarregar} />;
}

function DomicilioForm({ atual, recarregar }: { atual?: CadastroDomiciliar; recarregar?: () => void }) {
  const titulo = atual ? 'Editar cadastro domiciliar' : 'Novo cadastro domiciliar';
  useDocumentTitle(titulo);
  const navigate = useNavigate();
  const save = useSaveDomicilio(atual?.id);
  const record = useRecordForm({
    schema: domicilioFormSchema,
    defaultValues: atual ? domicilioParaForm(atual) : novoDomicilio(),
    model: MODEL,
    labels: ROTULOS_DOMICILIO,
    save: (values) => save.mutateAsync(comVersao(formParaApi(values), atual)),
    ...opcoesCadastroEsus(BASE_PATH),
    stale: staleEdit(atual, recarregar, getDomicilio, domicilioParaForm),
  });
  const { form } = record;
  const [tipo, recusa] = useWatch({ control: form.control, name: ['tipo_imovel_id', 'termo_recusa'] });

  return (
    <Stack gap="md">
      {!atual && (
        <Title order={1} fz="h2">
          {titulo}
        </Title>
      )}
      <RecordForm
        record={record}
        label={titulo}
        onCancel={() => void navigate(atual ? `${BASE_PATH}/${atual.id}/detalhes` : BASE_PATH)}
      >
        {/* First, as in e-SUS: with a refusal the form asks only the header, the property type and the micro-area. */}
        <FormSection title="Termo de recusa">
          <CheckboxField
            control={form.control}
            name="termo_recusa"
            label="Os moradores recusaram o cadastro (termo de recusa)"
            description="Com a recusa, ficam só o responsável pelo cadastro, o tipo de imóvel e a micro-área."
          />
        </FormSection>
        <CabecalhoEsus
          control={form.control}
          atual={atual}
          escolheEquipe
          microArea="st_micro_area"
          dataHora
          cbos={CBOS}
        />
        <Endereco form={form} recusa={recusa === true} tipo={tipo} />
        {!recusa && temCondicoesMoradia(tipo) && <CondicoesMoradia form={form} domicilio={ehDomicilio(tipo)} />}
        {!recusa && ehDomicilio(tipo) && <Animais form={form} />}
        {!recusa && ehInstituicao(tipo) && <Instituicao form={form} />}
        {!recusa && <SinaisVitaisSecao control={form.control} />}
      </RecordForm>
    </Stack>
  );
}
