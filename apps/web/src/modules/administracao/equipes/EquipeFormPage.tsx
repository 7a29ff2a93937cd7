// /administracao/equipes/new and /{id}/edit (issue 22): a team — INE, name, CNES type, unit (active ones) and the
// micro-areas it covers, typed as tags. An edit says how many active assignments it has (they keep it from being
// deactivated and keep their micro-areas in it), the deactivation (asked first) and the link to its audit history.
import { Alert, TagsInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { LIMITES_EQUIPE, TIPOS_EQUIPE, type Equipe } from '@saude/shared/schemas/administracao_equipes';
import type { FieldRows } from '../../../lib/form';
import { RecordFormFrame, recordFormPage, useRecordFormPage, type RecordFormProps } from '../../../lib/recordPage';
import { HistoricoLink } from '../comum/HistoricoLink';
import { equipes, useUnidadesOpcoes } from './api';
import { equipeCodec, normalizarMicroArea, ROTULOS, type EquipeFormValues } from './formValues';

type Form = UseFormReturn<EquipeFormValues, unknown, EquipeFormValues>;

export const EquipeFormPage = recordFormPage({ dados: equipes, label: 'Carregando equipe' }, EquipeForm);

function EquipeForm({ atual, recarregar }: RecordFormProps<Equipe>) {
  const unidades = useUnidadesOpcoes();
  const page = useRecordFormPage({
    dados: equipes,
    atual,
    recarregar,
    titulo: atual ? `Editar equipe ${atual.nome}` : 'Nova equipe',
    codec: equipeCodec,
    model: 'Equipe',
    genero: 'f',
    desativar: {
      nome: (e) => e.nome,
      explicacao: 'A equipe deixa de receber lotações. O histórico dela é mantido e ela pode ser reativada depois.',
    },
  });

  // Active units; the team's own stays offered even if it was deactivated since.
  const opcoesUnidade = (unidades.data ?? [])
    .filter((u) => u.ativo || u.id === atual?.unidade_saude_id)
    .map((u) => ({ value: u.id, label: `${u.nome} (CNES ${u.cnes})` }));
  // A type outside the list (from a CNES file) is kept and shown by its code.
  const opcoesTipo: Array<{ value: string; label: string }> = TIPOS_EQUIPE.map((t) => ({
    value: t.codigo,
    label: `${t.sigla} – ${t.nome} (${t.codigo})`,
  }));
  if (atual?.tipo && !TIPOS_EQUIPE.some((t) => t.codigo === atual.tipo))
    opcoesTipo.push({ value: atual.tipo, label: `Tipo ${atual.tipo}` });

  const campos: FieldRows<EquipeFormValues> = [
    {
      kind: 'text',
      name: 'ine',
      required: true,
      description: '10 dígitos do Identificador Nacional de Equipe',
      inputProps: { maxLength: 10, inputMode: 'numeric', autoComplete: 'off' },
    },
    {
      kind: 'text',
      name: 'nome',
      required: true,
      span: { base: 12, md: 8 },
      inputProps: { maxLength: LIMITES_EQUIPE.nome },
    },
    {
      kind: 'select',
      name: 'tipo',
      required: true,
      data: opcoesTipo,
      searchable: true,
      clearable: false,
      span: 'half',
    },
    {
      kind: 'select',
      name: 'unidade_saude_id',
      required: true,
      data: opcoesUnidade,
      searchable: true,
      clearable: false,
      span: 'half',
    },
    { kind: 'node', key: 'micro_areas', span: { base: 12, md: 8 }, node: <MicroAreasField form={page.form} /> },
    {
      kind: 'switch',
      name: 'ativo',
      description: 'Uma equipe inativa não recebe lotações',
      mt: 'lg',
    },
  ];

  return (
    <RecordFormFrame
      page={page}
      acoes={atual && <HistoricoLink recordId={atual.id} />}
      nota={
        atual &&
        atual.lotacoes_ativas > 0 && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {atual.lotacoes_ativas === 1
              ? 'Há 1 lotação ativa nesta equipe.'
              : `Há ${atual.lotacoes_ativas} lotações ativas nesta equipe.`}{' '}
            Uma micro-área usada por essas lotações só pode ser retirada depois de retirada delas.
          </Alert>
        )
      }
      sections={[['Equipe', campos]]}
    />
  );
}

/** The micro-areas as tags: typed and confirmed with Enter, comma or space; '1' becomes 01; shown sorted. */
function MicroAreasField({ form }: { form: Form }) {
  return (
    <Controller
      control={form.control}
      name="micro_areas"
      render={({ field, fieldState }) => (
        <TagsInput
          label={ROTULOS.micro_areas}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={(v) => field.onChange([...v.map(normalizarMicroArea)].sort())}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          splitChars={[',', ' ', ';']}
          acceptValueOnBlur
          clearable
          description="Dois dígitos, de 01 a 99: digite e tecle Enter"
          placeholder="Ex.: 01"
        />
      )}
    />
  );
}
