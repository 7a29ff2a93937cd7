// /ouvidoria/solicitacoes/{id}/edit (issue 20, spec §2): handling a request — move its situation forward with a note,
// answer it (the answer is required to mark it answered), change priority and unit while not closed, extend the
// deadline once (up to 30 days, with a note). A stale edit answers 409 like the other forms.
import { Alert, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useWatch } from 'react-hook-form';
import {
  LIMITES_OUVIDORIA,
  NOMES_SITUACAO,
  PROXIMAS_SITUACOES,
  type Solicitacao,
} from '@saude/shared/schemas/ouvidoria';
import { useNavigate } from 'react-router';
import { DetailItem, DetailSection } from '../../lib/detail';
import { useRecordForm, type FieldRows } from '../../lib/form';
import { RecordFormFrame, recordPage, staleEdit } from '../../lib/recordPage';
import { BASE_PATH, getSolicitacao, LIST_PATH, useOuvidoriaOpcoes, useSaveSolicitacao, useSolicitacao } from './api';
import { camposPrioridadeUnidade } from './campos';
import { Prazo, PrioridadeBadge, TipoSolicitacao } from './componentes';
import { Historico, solicitanteTexto } from './SolicitacaoShowPage';
import { ROTULOS_TRATAR, tratarFormSchema, tratarParaApi, tratarValores, type TratarFormValues } from './formValues';

export const SolicitacaoEditPage = recordPage(
  { load: useSolicitacao, backTo: LIST_PATH, label: 'Carregando solicitação', remount: true },
  Tratar,
);

function Tratar({ atual, recarregar }: { atual: Solicitacao; recarregar?: () => void }) {
  const titulo = `Tratar solicitação ${atual.protocolo}`;
  useDocumentTitle(titulo);
  const navigate = useNavigate();
  const save = useSaveSolicitacao(atual.id);
  const opcoes = useOuvidoriaOpcoes().data;
  const record = useRecordForm({
    schema: tratarFormSchema(atual),
    defaultValues: tratarValores(atual),
    model: 'Solicitação',
    genero: 'f',
    labels: ROTULOS_TRATAR,
    save: (values) => save.mutateAsync(tratarParaApi(values, atual)),
    onSaved: (saved: Solicitacao) => `${BASE_PATH}/${saved.id}`,
    stale: staleEdit(atual, recarregar, getSolicitacao, tratarValores),
  });
  const { form } = record;
  const situacao = useWatch({ control: form.control, name: 'situacao' });
  const fechada = atual.situacao === 'encerrada';
  const aberta = atual.situacao === 'aberta' || atual.situacao === 'em_analise';
  const voltar = `${BASE_PATH}/${atual.id}`;

  const campos: FieldRows<TratarFormValues> = [
    {
      kind: 'select',
      name: 'situacao',
      required: true,
      span: 'half',
      data: [atual.situacao, ...PROXIMAS_SITUACOES[atual.situacao]].map((s) => ({
        value: s,
        label: s === atual.situacao ? `${NOMES_SITUACAO[s]} (atual)` : NOMES_SITUACAO[s],
      })),
    },
    {
      kind: 'textarea',
      name: 'resposta',
      required: true,
      span: 'full',
      when: situacao === 'respondida' && atual.situacao !== 'respondida',
      inputProps: { maxLength: LIMITES_OUVIDORIA.resposta, minRows: 4, autosize: true },
    },
    ...camposPrioridadeUnidade(opcoes, { prioridade: 'half', when: !fechada }),
    {
      kind: 'integer',
      name: 'prorrogacao_dias',
      span: 'half',
      when: aberta && !atual.prorrogada,
      description: `Uma única vez, até ${LIMITES_OUVIDORIA.prorrogacao} dias; exige observação.`,
      inputProps: { min: 1, max: LIMITES_OUVIDORIA.prorrogacao },
    },
    {
      kind: 'textarea',
      name: 'observacao',
      span: 'full',
      description: 'Fica no histórico. Obrigatória para encerrar sem resposta e para prorrogar o prazo.',
      inputProps: { maxLength: LIMITES_OUVIDORIA.observacao, minRows: 2, autosize: true },
    },
  ];

  return (
    <RecordFormFrame
      page={{ form, formProps: { record, label: titulo, onCancel: () => void navigate(voltar), locked: fechada } }}
      nota={
        <>
          <DetailSection title="Solicitação">
            <DetailItem label="Solicitante">{solicitanteTexto(atual)}</DetailItem>
            <DetailItem label="Tipo">
              <TipoSolicitacao tipo={atual.tipo} />
            </DetailItem>
            <DetailItem label="Prioridade">
              <PrioridadeBadge prioridade={atual.prioridade} />
            </DetailItem>
            <DetailItem label="Prazo">
              <Prazo prazo={atual.prazo} dias={atual.dias_restantes} />
            </DetailItem>
            <DetailItem label="Assunto">{atual.assunto}</DetailItem>
            <DetailItem label="Relato">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {atual.texto}
              </Text>
            </DetailItem>
            {atual.resposta && <DetailItem label="Resposta">{atual.resposta}</DetailItem>}
          </DetailSection>
          {fechada && (
            <Alert color="gray" title="Solicitação encerrada">
              Uma solicitação encerrada não muda mais de situação, prioridade nem unidade.
            </Alert>
          )}
        </>
      }
      gap="md"
      sections={[['Tratamento', campos]]}
      depois={<Historico eventos={atual.eventos} />}
    />
  );
}
