// /ferramentas/auth_applications/new and /{id}/edit (issue 39): an authorized application — its name, the callback
// address the popup compares exactly, and whether it is active. "Desativar" (asked first) is the red action: an
// application is never deleted, so the tokens it received stay named in the audit.
import { LIMITES_AUTH_APPLICATION, type AuthApplicationRecord } from '@saude/shared/schemas/auth_applications';
import type { FieldRows } from '../../../lib/form';
import { RecordFormFrame, recordFormPage, useRecordFormPage, type RecordFormProps } from '../../../lib/recordPage';
import { aplicacoes } from './api';
import { Explicacao } from './Explicacao';
import { aplicacaoCodec, type AplicacaoFormValues } from './formValues';

export const AuthApplicationFormPage = recordFormPage(
  { dados: aplicacoes, label: 'Carregando aplicação' },
  AplicacaoForm,
);

function AplicacaoForm({ atual, recarregar }: RecordFormProps<AuthApplicationRecord>) {
  const page = useRecordFormPage({
    dados: aplicacoes,
    atual,
    recarregar,
    titulo: atual ? `Editar aplicação ${atual.nome}` : 'Nova aplicação autorizada',
    codec: aplicacaoCodec,
    model: 'Aplicação',
    genero: 'f',
    desativar: {
      nome: (a) => a.nome,
      explicacao:
        'O endereço deixa de receber o acesso do SenhaSimples. O histórico é mantido e a aplicação pode ser reativada depois.',
    },
  });

  const campos: FieldRows<AplicacaoFormValues> = [
    {
      kind: 'text',
      name: 'nome',
      required: true,
      span: 'full',
      description: 'Como a equipe reconhece a aplicação, ex.: Painel de senhas da UPA',
      inputProps: { maxLength: LIMITES_AUTH_APPLICATION.nome },
    },
    {
      kind: 'text',
      name: 'uri',
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
    {
      kind: 'switch',
      name: 'ativo',
      description: 'Uma aplicação inativa não recebe o acesso do SenhaSimples',
      span: 'full',
    },
  ];

  return <RecordFormFrame page={page} nota={<Explicacao />} sections={[['Aplicação', campos]]} />;
}
