// /ouvidoria/solicitacoes/new (issue 20, spec §2): a new request — the citizen (the registry's search), or
// "anônimo", or a requester's name and contact; channel, type, priority, unit, subject and text. After saving the
// detail page shows the protocol to give the requester.
import { useDocumentTitle } from '@mantine/hooks';
import { useWatch } from 'react-hook-form';
import { CANAIS_SOLICITACAO, LIMITES_OUVIDORIA, NOMES_CANAL, type Solicitacao } from '@saude/shared/schemas/ouvidoria';
import { useNavigate } from 'react-router';
import { useRecordForm, type FieldRows, opcoesNomeadas } from '../../lib/form';
import { RecordFormFrame } from '../../lib/recordPage';
import { MunicipePicker } from '../municipes';
import { BASE_PATH, LIST_PATH, useOuvidoriaOpcoes, useSaveSolicitacao } from './api';
import { camposPrioridadeUnidade } from './campos';
import { novaFormSchema, novaParaApi, novaSolicitacao, ROTULOS_NOVA, type NovaFormValues } from './formValues';

export function SolicitacaoFormPage() {
  const titulo = 'Nova solicitação';
  useDocumentTitle(titulo);
  const navigate = useNavigate();
  const save = useSaveSolicitacao();
  const opcoes = useOuvidoriaOpcoes().data;
  const record = useRecordForm({
    schema: novaFormSchema,
    defaultValues: novaSolicitacao(),
    model: 'Solicitação',
    genero: 'f',
    labels: ROTULOS_NOVA,
    save: (values) => save.mutateAsync(novaParaApi(values)),
    onSaved: (saved: Solicitacao) => `${BASE_PATH}/${saved.id}?criada=1`,
  });
  const { form } = record;
  const anonimo = useWatch({ control: form.control, name: 'anonimo' });

  const solicitante: FieldRows<NovaFormValues> = [
    {
      kind: 'checkbox',
      name: 'anonimo',
      label: 'Solicitação anônima',
      description: 'Sem munícipe nem nome do solicitante.',
      span: 'full',
    },
    {
      kind: 'node',
      key: 'municipe',
      span: 'full',
      when: !anonimo,
      node: (
        <MunicipePicker
          control={form.control}
          name="municipe_id"
          label={ROTULOS_NOVA.municipe_id}
          tooltip="Busque o munícipe cadastrado; se não estiver no cadastro, informe o nome abaixo."
        />
      ),
    },
    {
      kind: 'text',
      name: 'nome_solicitante',
      description: 'Quando o solicitante não é um munícipe cadastrado.',
      span: 'half',
      when: !anonimo,
      inputProps: { maxLength: LIMITES_OUVIDORIA.nome },
    },
    {
      kind: 'text',
      name: 'contato_solicitante',
      description: 'Telefone ou e-mail para a resposta.',
      span: 'half',
      when: !anonimo,
      inputProps: { maxLength: LIMITES_OUVIDORIA.contato },
    },
  ];
  const solicitacao: FieldRows<NovaFormValues> = [
    {
      kind: 'select',
      name: 'canal',
      required: true,
      span: 'third',
      data: CANAIS_SOLICITACAO.map((c) => ({ value: c, label: NOMES_CANAL[c] })),
    },
    {
      kind: 'select',
      name: 'tipo_solicitacao_id',
      required: true,
      span: 'third',
      data: opcoesNomeadas(opcoes?.tipos),
    },
    ...camposPrioridadeUnidade(opcoes, { prioridade: 'third' }),
    {
      kind: 'text',
      name: 'assunto',
      required: true,
      span: 'full',
      inputProps: { maxLength: LIMITES_OUVIDORIA.assunto },
    },
    {
      kind: 'textarea',
      name: 'texto',
      required: true,
      span: 'full',
      inputProps: { maxLength: LIMITES_OUVIDORIA.texto, minRows: 5, autosize: true },
    },
  ];

  return (
    <RecordFormFrame
      page={{ form, formProps: { record, label: titulo, onCancel: () => void navigate(LIST_PATH) } }}
      gap="md"
      sections={[
        ['Solicitante', solicitante],
        ['Solicitação', solicitacao],
      ]}
    />
  );
}
