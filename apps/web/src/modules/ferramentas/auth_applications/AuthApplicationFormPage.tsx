// /ferramentas/auth_applications/new and /{id}/edit (issue 39): an authorized application — its name, the callback
// address the popup compares exactly, and whether it is active. "Desativar" (asked first) is the red action: an
// application is never deleted, so the tokens it received stay named in the audit.
import { Stack, Switch, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { LIMITES_AUTH_APPLICATION, type AuthApplicationRecord } from '@saude/shared/schemas/auth_applications';
import { useNavigate } from 'react-router';
import { usePode } from '../../../lib/access';
import { BackButton } from '../../../lib/detail';
import { FieldSections, RecordForm, useRecordForm, type FieldRows } from '../../../lib/form';
import { comVersao, recordPage, staleEdit } from '../../../lib/recordPage';
import { DesativarButton } from '../../administracao/comum/DesativarButton';
import { BASE_PATH, getAplicacao, useAplicacao, useDesativarAplicacao, useSaveAplicacao } from './api';
import { Explicacao } from './Explicacao';
import {
  aplicacaoFormSchema,
  aplicacaoParaForm,
  formParaApi,
  novaAplicacao,
  ROTULOS,
  type AplicacaoFormValues,
} from './formValues';

type Form = UseFormReturn<AplicacaoFormValues, unknown, AplicacaoFormValues>;

export const AuthApplicationFormPage = recordPage(
  { load: useAplicacao, backTo: BASE_PATH, label: 'Carregando aplicação', remount: true },
  AplicacaoForm,
  AplicacaoForm,
);

function AplicacaoForm({ atual, recarregar }: { atual?: AuthApplicationRecord; recarregar?: () => void }) {
  const titulo = atual ? `Editar aplicação ${atual.nome}` : 'Nova aplicação autorizada';
  useDocumentTitle(titulo);
  const navigate = useNavigate();
  const save = useSaveAplicacao(atual?.id);
  const desativar = useDesativarAplicacao();
  const podeDesativar = usePode('ferramentas/auth_applications:destroy');
  const podeEditar = usePode(atual ? 'ferramentas/auth_applications:update' : 'ferramentas/auth_applications:create');
  const record = useRecordForm({
    schema: aplicacaoFormSchema,
    defaultValues: atual ? aplicacaoParaForm(atual) : novaAplicacao(),
    model: 'Aplicação',
    genero: 'f',
    labels: ROTULOS,
    save: (values) => save.mutateAsync(comVersao(formParaApi(values), atual)),
    onSaved: (saved) => `${BASE_PATH}/${saved.id}/edit`,
    stale: staleEdit(atual, recarregar, getAplicacao, aplicacaoParaForm),
    canSave: podeEditar,
  });
  const { form } = record;

  const campos: FieldRows<AplicacaoFormValues> = [
    {
      kind: 'text',
      name: 'nome',
      label: ROTULOS.nome,
      required: true,
      span: 'full',
      description: 'Como a equipe reconhece a aplicação, ex.: Painel de senhas da UPA',
      inputProps: { maxLength: LIMITES_AUTH_APPLICATION.nome },
    },
    {
      kind: 'text',
      name: 'uri',
      label: ROTULOS.uri,
      required: true,
      span: 'full',
      description:
        'O endereço completo da tela que pede o acesso, exatamente como ela o envia; https:// (http:// só para localhost)',
      inputProps: {
        maxLength: LIMITES_AUTH_APPLICATION.uri,
        inputMode: 'url',
        autoComplete: 'off',
        spellCheck: false,
        placeholder: 'https://senhas.exemplo.gov.br/retorno',
      },
    },
    { kind: 'node', key: 'ativo', span: 'full', node: <AtivoField form={form} /> },
  ];

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {titulo}
      </Title>
      <Explicacao />
      <RecordForm
        record={record}
        label={titulo}
        onCancel={() => void navigate(BASE_PATH)}
        locked={!podeEditar}
        lockedActions={<BackButton to={BASE_PATH}>Voltar</BackButton>}
        extraActions={
          atual &&
          atual.ativo &&
          podeDesativar && (
            <DesativarButton
              pergunta={`Desativar a aplicação ${atual.nome}?`}
              explicacao="O endereço deixa de receber o acesso do SenhaSimples. O histórico é mantido e a aplicação pode ser reativada depois."
              feito="Aplicação desativada."
              desativar={() => desativar.mutateAsync(atual.id)}
              onDone={record.allowNavigation}
              goTo={BASE_PATH}
            >
              Desativar aplicação
            </DesativarButton>
          )
        }
      >
        <FieldSections control={form.control} sections={[['Aplicação', campos]]} />
      </RecordForm>
    </Stack>
  );
}

function AtivoField({ form }: { form: Form }) {
  return (
    <Controller
      control={form.control}
      name="ativo"
      render={({ field }) => (
        <Switch
          name={field.name}
          checked={field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          label={ROTULOS.ativo}
          description="Uma aplicação inativa não recebe o acesso do SenhaSimples"
          size="md"
        />
      )}
    />
  );
}
