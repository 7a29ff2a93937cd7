// /administracao/unidades_saude/new and /{id}/edit (issue 22): a health unit — CNES, name, type, address and up to
// three phones. The parameter flags of spec §3 are on /parametros/unidades_saude (linked, not repeated). An edit shows
// what keeps the unit from being deactivated, the deactivation (asked first), and the link to its audit history.
import { Alert, Group } from '@mantine/core';
import { IconAdjustments, IconInfoCircle } from '@tabler/icons-react';
import { LIMITES_UNIDADE, type UnidadeSaude } from '@saude/shared/schemas/administracao_unidades_saude';
import { usePode } from '../../../lib/access';
import type { FieldRows } from '../../../lib/form';
import { LinkButton } from '../../../lib/LinkButton';
import { RecordFormFrame, recordFormPage, useRecordFormPage, type RecordFormProps } from '../../../lib/recordPage';
import { HistoricoLink } from '../comum/HistoricoLink';
import { unidades, useTiposUnidade } from './api';
import { campoDaApi, unidadeCodec, type UnidadeFormValues } from './formValues';
import { opcoesNomeadas } from '../../../lib/form';

export const UnidadeSaudeFormPage = recordFormPage({ dados: unidades, label: 'Carregando unidade' }, UnidadeForm);

function UnidadeForm({ atual, recarregar }: RecordFormProps<UnidadeSaude>) {
  const tipos = useTiposUnidade();
  const podeParametros = usePode('parametros/unidades_saude:update');
  const page = useRecordFormPage({
    dados: unidades,
    atual,
    recarregar,
    titulo: atual ? `Editar unidade ${atual.nome}` : 'Nova unidade de saúde',
    codec: unidadeCodec,
    fieldOf: campoDaApi,
    model: 'Unidade',
    genero: 'f',
    desativar: {
      nome: (u) => u.nome,
      explicacao:
        'A unidade deixa de aparecer para novas equipes e lotações. O histórico dela é mantido e ela pode ser reativada depois.',
    },
  });

  const identificacao: FieldRows<UnidadeFormValues> = [
    {
      kind: 'text',
      name: 'cnes',
      required: true,
      description: '7 dígitos do Cadastro Nacional de Estabelecimentos de Saúde',
      inputProps: { maxLength: 7, inputMode: 'numeric', autoComplete: 'off' },
    },
    {
      kind: 'text',
      name: 'nome',
      required: true,
      span: { base: 12, md: 8 },
      inputProps: { maxLength: LIMITES_UNIDADE.nome },
    },
    {
      kind: 'select',
      name: 'tipo_unidade_id',
      required: true,
      data: opcoesNomeadas(tipos.data),
      searchable: true,
      clearable: false,
    },
    {
      kind: 'switch',
      name: 'ativo',
      description: 'Uma unidade inativa não recebe equipes nem lotações',
      mt: 'lg',
    },
  ];
  const endereco: FieldRows<UnidadeFormValues> = [
    { kind: 'cep', name: 'cep' },
    {
      kind: 'text',
      name: 'logradouro',
      span: { base: 12, md: 8 },
      inputProps: { maxLength: LIMITES_UNIDADE.logradouro },
    },
    { kind: 'text', name: 'numero', inputProps: { maxLength: LIMITES_UNIDADE.numero } },
    {
      kind: 'text',
      name: 'complemento',
      inputProps: { maxLength: LIMITES_UNIDADE.complemento },
    },
    { kind: 'text', name: 'bairro', inputProps: { maxLength: LIMITES_UNIDADE.bairro } },
  ];
  const contato: FieldRows<UnidadeFormValues> = [
    { kind: 'phone', name: 'telefone1' },
    { kind: 'phone', name: 'telefone2' },
    { kind: 'phone', name: 'telefone3' },
  ];

  return (
    <RecordFormFrame
      page={page}
      acoes={
        atual && (
          <Group gap="xs">
            {podeParametros && (
              <LinkButton to="/parametros/unidades_saude" variant="subtle" icon={IconAdjustments}>
                Parâmetros da unidade
              </LinkButton>
            )}
            <HistoricoLink recordId={atual.id} />
          </Group>
        )
      }
      nota={
        atual &&
        atual.ativo &&
        (atual.equipes_ativas > 0 || atual.lotacoes_ativas > 0) && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            Esta unidade tem {plural(atual.equipes_ativas, 'equipe ativa', 'equipes ativas')} e{' '}
            {plural(atual.lotacoes_ativas, 'lotação ativa', 'lotações ativas')}. Para desativá-la, desative as equipes e
            encerre as lotações antes.
          </Alert>
        )
      }
      sections={[
        ['Identificação', identificacao],
        ['Endereço', endereco],
        ['Telefones', contato],
      ]}
    />
  );
}

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;
