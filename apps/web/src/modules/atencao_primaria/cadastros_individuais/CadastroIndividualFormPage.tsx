// /atencao_primaria/cadastros_individuais/new and /{id}/edit (spec §2, issue 6). New: pick the citizen first (the
// registry's search); their current documents and nationality fill the form (one truth). Edit: loads, then mounts.
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { cboCadastroIndividualCodigos } from '@saude/shared/codes/cbo_cadastro_individual';
import type { CadastroIndividual } from '@saude/shared/schemas/cadastro_individual';
import { IDADE_MAXIMA_RESPONSAVEL_CRIANCA, idadeEmAnos, type Municipe } from '@saude/shared/schemas/municipe';
import { RecordForm, useRecordForm } from '../../../lib/form';
import { comVersao, recordPage, staleEdit, type RecordPageProps } from '../../../lib/recordPage';
import { CabecalhoEsus, opcoesCadastroEsus } from '../comum/CabecalhoEsus';
import { BASE_PATH, getCadastro, useCadastro, useSaveCadastro } from './api';
import { Identificacao, Questionario } from './CadastroIndividualSecoes';
import { MODEL, PessoaCabecalho } from './comum';
import { EscolherMunicipe } from './EscolherMunicipe';
import { cadastroFormSchema, cadastroParaForm, formParaApi, novoCadastro, ROTULOS } from './formValues';

const CBOS: ReadonlySet<string> = new Set(cboCadastroIndividualCodigos);

const criancaPelaData = (nascimento: string | undefined) => {
  const idade = nascimento ? idadeEmAnos(nascimento) : null;
  return idade !== null && idade <= IDADE_MAXIMA_RESPONSAVEL_CRIANCA;
};

export const CadastroIndividualFormPage = recordPage(
  { load: useCadastro, backTo: BASE_PATH, label: 'Carregando cadastro individual', remount: true },
  Edicao,
  CadastroForm,
);

/** After an exit the registration is read-only: the detail page shows it. */
function Edicao({ atual, recarregar }: RecordPageProps<CadastroIndividual>) {
  if (atual.situacao !== 'ativo') return <Navigate to={`${BASE_PATH}/${atual.id}/detalhes`} replace />;
  return <CadastroForm atual={atual} recarregar={recarregar} />;
}

function CadastroForm({ atual, recarregar }: { atual?: CadastroIndividual; recarregar?: () => void }) {
  useDocumentTitle(atual ? `Editar cadastro individual · ${atual.municipe.nome}` : 'Novo cadastro individual');
  const navigate = useNavigate();
  const save = useSaveCadastro(atual?.id);
  // The caregiver question is only for children 0–9: the chosen citizen's age (new) or the registration's (edit).
  const [nascimentoEscolhido, setNascimentoEscolhido] = useState<string | undefined>();
  const onEscolhido = useCallback((m: Municipe | undefined) => setNascimentoEscolhido(m?.data_nascimento), []);
  const crianca = criancaPelaData(atual?.municipe.data_nascimento ?? nascimentoEscolhido);
  const record = useRecordForm({
    schema: cadastroFormSchema,
    defaultValues: atual ? cadastroParaForm(atual) : novoCadastro(),
    model: MODEL,
    labels: ROTULOS,
    save: (values) => save.mutateAsync(comVersao(formParaApi(values, atual, crianca), atual)),
    ...opcoesCadastroEsus(BASE_PATH),
    stale: staleEdit(atual, recarregar, getCadastro, cadastroParaForm),
  });
  const { form } = record;

  return (
    <Stack gap="md">
      {atual ? (
        <PessoaCabecalho c={atual} />
      ) : (
        <Title order={1} fz="h2">
          Novo cadastro individual
        </Title>
      )}
      {atual && (
        <Title order={2} fz="h3">
          Editar cadastro individual
        </Title>
      )}
      <RecordForm
        record={record}
        onCancel={() => void navigate(atual ? `${BASE_PATH}/${atual.id}/detalhes` : BASE_PATH)}
      >
        {!atual && <EscolherMunicipe form={form} onEscolhido={onEscolhido} />}
        <CabecalhoEsus control={form.control} atual={atual} microArea="micro_area" dataHora cbos={CBOS} />
        <Identificacao form={form} />
        <Questionario form={form} crianca={crianca} />
      </RecordForm>
    </Stack>
  );
}
