// /administracao/profissionais/new and /{id}/edit (issue 22): a professional — name, CPF, CNS, e-mail, login, active —
// and, once saved, their assignments, the password reset and the link to the record's audit history. Saving a new one
// shows its one-time password once; unticking "Ativo" ends their sessions when saved.
import { Button, Text } from '@mantine/core';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import { modals } from '@mantine/modals';
import { IconHistory, IconKey } from '@tabler/icons-react';
import { LIMITES_PROFISSIONAL, type Profissional } from '@saude/shared/schemas/administracao_profissionais';
import { Link } from 'react-router';
import { usePode } from '../../../lib/access';
import { notifyError } from '../../../lib/feedback';
import type { FieldRows } from '../../../lib/form';
import { RecordFormFrame, recordFormPage, useRecordFormPage, type RecordFormProps } from '../../../lib/recordPage';
import { BASE_PATH, profissionais, useRedefinirSenha } from './api';
import { profissionalCodec, ROTULOS_PROFISSIONAL as R, type ProfissionalFormValues } from './formValues';
import { LotacoesSection } from './LotacoesSection';
import { mostrarSenha } from './SenhaDialog';

export const ProfissionalFormPage = recordFormPage(
  { dados: profissionais, label: 'Carregando profissional' },
  ProfissionalForm,
);

function ProfissionalForm({ atual, recarregar }: RecordFormProps<Profissional>) {
  const page = useRecordFormPage({
    dados: profissionais,
    atual,
    recarregar,
    titulo: atual ? `Editar profissional ${atual.nome}` : 'Novo profissional',
    codec: profissionalCodec,
    depoisDeSalvar: (saved) => {
      const senha = (saved as Partial<{ senha_temporaria: string }>).senha_temporaria;
      if (senha) mostrarSenha(saved.login, senha);
      return `${BASE_PATH}/${saved.id}/edit`;
    },
    model: 'Profissional',
    genero: 'm',
  });

  const identificacao: FieldRows<ProfissionalFormValues> = [
    {
      kind: 'text',
      name: 'nome',
      label: R.nome,
      required: true,
      span: 'full',
      inputProps: { maxLength: LIMITES_PROFISSIONAL.nome, autoComplete: 'off' },
    },
    { kind: 'cpf', name: 'cpf_numero', label: R.cpf_numero, required: true },
    { kind: 'cns', name: 'codigo_cns', label: R.codigo_cns },
    { kind: 'text', name: 'email', label: R.email, inputProps: { type: 'email', autoComplete: 'off' } },
  ];
  const acesso: FieldRows<ProfissionalFormValues> = [
    {
      kind: 'text',
      name: 'login',
      label: R.login,
      required: true,
      description: 'Letras, números, ponto, hífen ou sublinhado; maiúsculas e minúsculas são iguais',
      inputProps: { maxLength: LIMITES_PROFISSIONAL.login, autoComplete: 'off', autoCapitalize: 'none' },
    },
    {
      kind: 'checkbox',
      name: 'ativo',
      label: R.ativo,
      description: 'Desativado, o profissional não entra mais e as sessões abertas terminam ao salvar',
      span: 'half',
    },
  ];

  return (
    <RecordFormFrame
      page={page}
      acoes={
        atual && (
          <Button
            component={Link}
            to={`/auditoria?record_id=${atual.id}`}
            variant="default"
            size="sm"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            Histórico de alterações
          </Button>
        )
      }
      nota={
        !atual && (
          <Text size="sm" c="dimmed">
            Ao salvar, o sistema gera uma senha provisória, mostrada uma única vez. Depois, adicione as lotações.
          </Text>
        )
      }
      extraActions={atual && <RedefinirSenhaButton profissional={atual} />}
      gap="md"
      span="half"
      sections={[
        ['Identificação', identificacao],
        ['Acesso', acesso],
      ]}
      depois={
        atual && (
          <LotacoesSection profissionalId={atual.id} lotacoes={atual.lotacoes} recarregar={() => recarregar?.()} />
        )
      }
    />
  );
}

/** "Redefinir senha": asks, then shows the new one-time password once. */
function RedefinirSenhaButton({ profissional }: { profissional: Profissional }) {
  const pode = usePode('administracao/profissionais:redefinir_senha');
  const redefinir = useRedefinirSenha(profissional.id);
  if (!pode) return null;
  const confirmar = () =>
    modals.openConfirmModal({
      title: 'Redefinir senha',
      children: <Text size="sm">{adminMsg.profissionalConfirmarRedefinir}</Text>,
      labels: { confirm: 'Sim, gerar nova senha', cancel: 'Não, manter' },
      onConfirm: () => {
        redefinir.mutateAsync().then(
          (r) => mostrarSenha(r.login, r.senha_temporaria),
          (err: unknown) => notifyError(err),
        );
      },
    });
  return (
    <Button
      variant="default"
      leftSection={<IconKey size={18} aria-hidden />}
      onClick={confirmar}
      loading={redefinir.isPending}
    >
      Redefinir senha
    </Button>
  );
}
