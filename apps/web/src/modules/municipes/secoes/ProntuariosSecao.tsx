// The citizen's record numbers, one per unit: added, inactivated with a reason, never erased once saved.
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { motivosInativacaoProntuario } from '@saude/shared/schemas/municipe';
import { codeOptions, FieldGrid, FormSection } from '../../../lib/form';
import { useMunicipeForm, useMunicipeFormInfo, vazio, type Linhas } from './comum';

const MOTIVO_INATIVACAO = codeOptions(motivosInativacaoProntuario);
const INATIVO = (
  <Badge color="gray" variant="light" mt={{ md: 30 }}>
    Inativo
  </Badge>
);

export function ProntuariosSecao() {
  const { control, setValue, getValues } = useMunicipeForm();
  const { unidades, municipe } = useMunicipeFormInfo();
  const { fields, append, remove } = useFieldArray({ control, name: 'prontuarios' });
  const lista = useWatch({ control, name: 'prontuarios' }) ?? [];
  // Units named by the saved numbers join the user's own, so every row shows its unit's name.
  const opcoesUnidade = [...unidades];
  for (const p of municipe?.prontuarios ?? []) {
    if (!opcoesUnidade.some((o) => o.value === p.unidade_saude_id))
      opcoesUnidade.push({ value: p.unidade_saude_id, label: p.unidade_nome });
  }
  const [inativando, setInativando] = useState<Set<string>>(new Set());
  const linhas = (i: number, salvo: boolean, inativo: boolean, inativacao: boolean): Linhas => [
    { kind: 'text', name: `prontuarios.${i}.numero`, label: 'Número do prontuário', required: true, disabled: salvo },
    {
      kind: 'select',
      name: `prontuarios.${i}.unidade_saude_id`,
      label: 'Unidade',
      required: true,
      data: opcoesUnidade,
      disabled: salvo,
      span: 'half',
    },
    { kind: 'node', key: 'inativo', span: { base: 12, md: 2 }, node: inativo && INATIVO },
    {
      kind: 'radio',
      name: `prontuarios.${i}.inativacao_motivo_id`,
      label: 'Motivo da inativação',
      data: MOTIVO_INATIVACAO,
      span: 'full',
      when: inativacao,
    },
    {
      kind: 'text',
      name: `prontuarios.${i}.inativacao_justificativa`,
      label: 'Justificativa da inativação',
      required: true,
      span: 'full',
      when: inativacao,
    },
  ];

  return (
    <FormSection title="Prontuários">
      <Stack gap="sm">
        {fields.length === 0 && (
          <Text c="dimmed" size="sm">
            Nenhum número de prontuário cadastrado.
          </Text>
        )}
        {fields.map((f, i) => {
          const atual = lista[i];
          const salvo = Boolean(atual?.id);
          const inativo = !vazio(atual?.inativacao_motivo_id);
          const mostrarInativacao = inativo || inativando.has(f.id);
          return (
            <Card
              key={f.id}
              withBorder
              radius="sm"
              padding="sm"
              aria-label={`Prontuário ${i + 1}`}
              component="fieldset"
            >
              <FieldGrid control={control} rows={linhas(i, salvo, inativo, mostrarInativacao)} />
              <Group gap="sm" mt="sm">
                {!mostrarInativacao && (
                  <Button variant="default" mih={44} onClick={() => setInativando(new Set(inativando).add(f.id))}>
                    Inativar
                  </Button>
                )}
                {mostrarInativacao && (
                  <Button
                    variant="default"
                    mih={44}
                    onClick={() => {
                      setValue(`prontuarios.${i}.inativacao_motivo_id`, null, { shouldDirty: true });
                      setValue(`prontuarios.${i}.inativacao_justificativa`, null, { shouldDirty: true });
                      const s = new Set(inativando);
                      s.delete(f.id);
                      setInativando(s);
                    }}
                  >
                    {inativo ? 'Reativar' : 'Cancelar inativação'}
                  </Button>
                )}
                {/* A saved number is inactivated, never erased: it may be printed on paper records. */}
                {!salvo && (
                  <Button
                    variant="subtle"
                    color="red"
                    mih={44}
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => remove(i)}
                  >
                    Remover número
                  </Button>
                )}
              </Group>
            </Card>
          );
        })}
        <Group>
          <Button
            variant="light"
            mih={44}
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              append({
                numero: '',
                unidade_saude_id:
                  (getValues('unidade_saude_referencia_id') as string | null | undefined) ??
                  (unidades[0]?.value as string | undefined) ??
                  '',
                inativacao_motivo_id: null,
                inativacao_justificativa: null,
              })
            }
          >
            Adicionar prontuário
          </Button>
        </Group>
      </Stack>
    </FormSection>
  );
}
