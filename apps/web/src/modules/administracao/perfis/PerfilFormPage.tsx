// /administracao/perfis/new and /{id}/edit (issue 22): a profile — code, name — and its permissions as checkboxes
// grouped by area (the first segment of the resource), each resource a row of its actions in pt-BR, with "Marcar
// todas" per area. Built-in profiles are shown read-only: the seed rewrites them at every start.
import { Alert, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import { IconHistory, IconLock } from '@tabler/icons-react';
import {
  gruposPermissoes,
  LIMITES_PERFIL,
  perfilInputSchema,
  type GrupoPermissoes,
  type Perfil,
  type PerfilInput,
  type PerfilValues,
} from '@saude/shared/schemas/administracao_perfil';
import { Controller, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { usePode } from '../../../lib/access';
import type { FieldRows } from '../../../lib/form';
import { RecordFormFrame, recordFormPage, useRecordFormPage, type RecordFormProps } from '../../../lib/recordPage';
import { perfis } from './api';

type Valores = PerfilInput;

const ROTULOS = { codigo: 'Código', nome: 'Nome', permissoes: 'Permissões' };

/** Its own codec: the form holds the body as it is (no shared object schema to derive it from). */
const codec = {
  schema: () => perfilInputSchema,
  empty: (): Valores => ({ codigo: '', nome: '', permissoes: [] }),
  toForm: (p: Perfil): Valores => ({ codigo: p.codigo, nome: p.nome, permissoes: p.permissoes }),
  labels: ROTULOS,
};

export const PerfilFormPage = recordFormPage({ dados: perfis, label: 'Carregando perfil' }, PerfilForm);

function PerfilForm({ atual, recarregar }: RecordFormProps<Perfil>) {
  const sistema = atual?.sistema ?? false;
  const podeAuditar = usePode('auditoria:index');
  const page = useRecordFormPage({
    dados: perfis,
    atual,
    recarregar,
    titulo: atual ? `Perfil ${atual.nome}` : 'Novo perfil',
    // The system's profiles are read-only.
    editavel: !sistema,
    codec,
    model: 'Perfil',
    genero: 'm',
    remover: true,
  });

  const campos: FieldRows<Valores> = [
    {
      kind: 'text',
      name: 'nome',
      required: true,
      span: 'half',
      inputProps: { maxLength: LIMITES_PERFIL.nome },
    },
    {
      kind: 'text',
      name: 'codigo',
      required: true,
      span: 'half',
      description: 'Letras minúsculas, números e _ (ex.: digitador_producao)',
      inputProps: { maxLength: LIMITES_PERFIL.codigo, autoCapitalize: 'none', spellCheck: false },
    },
  ];

  return (
    <RecordFormFrame
      page={page}
      badges={
        sistema && (
          <Badge color="gray" variant="light" leftSection={<IconLock size={14} aria-hidden />}>
            Do sistema
          </Badge>
        )
      }
      acoes={
        atual &&
        podeAuditar && (
          <Button
            component={Link}
            to={`/auditoria?record_id=${atual.id}`}
            variant="default"
            leftSection={<IconHistory size={18} aria-hidden />}
          >
            Histórico de alterações
          </Button>
        )
      }
      nota={
        <>
          {sistema && (
            <Alert
              color="gray"
              variant="light"
              icon={<IconLock size={18} aria-hidden />}
              title="Perfil do sistema: somente leitura"
            >
              {adminMsg.perfilSistemaSomenteLeitura.replace('Perfil do sistema: somente leitura. ', '')}
            </Alert>
          )}
          {atual && (
            <Text size="sm" c="dimmed">
              {atual.lotacoes_ativas === 0
                ? 'Nenhuma lotação ativa usa este perfil.'
                : atual.lotacoes_ativas === 1
                  ? '1 lotação ativa usa este perfil.'
                  : `${atual.lotacoes_ativas} lotações ativas usam este perfil.`}{' '}
              Uma mudança nas permissões vale a partir da próxima ação de cada usuário.
            </Text>
          )}
        </>
      }
      gap="md"
      sections={[['Perfil', campos]]}
    >
      <PermissoesField control={page.form.control} somenteLeitura={!page.podeEditar} />
    </RecordFormFrame>
  );
}

/** The catalogue by area; the value is the list of `resource:action` strings ticked. */
function PermissoesField({
  control,
  somenteLeitura,
}: {
  control: Control<Valores, unknown, PerfilValues>;
  somenteLeitura: boolean;
}) {
  return (
    <Controller
      control={control}
      name="permissoes"
      render={({ field, fieldState }) => {
        const marcadas = new Set(field.value ?? []);
        const trocar = (lista: string[], marcar: boolean) => {
          const novo = new Set(marcadas);
          for (const p of lista) {
            if (marcar) novo.add(p);
            else novo.delete(p);
          }
          field.onChange([...novo]);
        };
        return (
          <Stack gap="sm">
            <Group justify="space-between" align="baseline">
              <Title order={2} fz="h4">
                Permissões
              </Title>
              <Text size="sm" c="dimmed" data-testid="total-permissoes">
                {marcadas.size === 1 ? '1 permissão marcada' : `${marcadas.size} permissões marcadas`}
              </Text>
            </Group>
            {fieldState.error && (
              <Text size="sm" c="red.8" role="alert">
                {fieldState.error.message}
              </Text>
            )}
            {gruposPermissoes.map((g) => (
              <Area key={g.area} grupo={g} marcadas={marcadas} trocar={trocar} somenteLeitura={somenteLeitura} />
            ))}
          </Stack>
        );
      }}
    />
  );
}

function Area({
  grupo,
  marcadas,
  trocar,
  somenteLeitura,
}: {
  grupo: GrupoPermissoes;
  marcadas: Set<string>;
  trocar: (lista: string[], marcar: boolean) => void;
  somenteLeitura: boolean;
}) {
  const todas = grupo.recursos.flatMap((r) => r.permissoes.map((p) => p.permissao as string));
  const quantas = todas.filter((p) => marcadas.has(p)).length;
  const id = `area-${grupo.area}`;
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-labelledby={id}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Group gap="xs" align="baseline">
          <Text id={id} fw={600} size="md">
            {grupo.nome}
          </Text>
          <Text size="xs" c="dimmed">
            {quantas} de {todas.length}
          </Text>
        </Group>
        <Checkbox
          label="Marcar todas"
          checked={quantas === todas.length}
          indeterminate={quantas > 0 && quantas < todas.length}
          onChange={(e) => trocar(todas, e.currentTarget.checked)}
        />
      </Group>
      <Stack gap={6}>
        {grupo.recursos.map((r) => {
          const rid = `recurso-${r.recurso.replace(/\//g, '-')}`;
          // An area of one resource of the same name (Ouvidoria, Lembretes…): the area's title already says it.
          const soAArea = grupo.recursos.length === 1 && r.nome === grupo.nome;
          return (
            <SimpleGrid
              key={r.recurso}
              cols={{ base: 1, md: soAArea ? 1 : 2 }}
              spacing="xs"
              role={soAArea ? undefined : 'group'}
              aria-labelledby={soAArea ? undefined : rid}
            >
              {!soAArea && (
                <Text id={rid} size="sm" fw={500}>
                  {r.nome}
                </Text>
              )}
              <Group gap="md">
                {r.permissoes.map((p) => (
                  <Checkbox
                    key={p.permissao}
                    // Read-only, every box is disabled and faded: what the profile gives must still read at a glance.
                    label={
                      somenteLeitura && marcadas.has(p.permissao) ? (
                        <Text span size="sm" fw={600} c="dark.7">
                          {p.nome}
                        </Text>
                      ) : (
                        p.nome
                      )
                    }
                    value={p.permissao}
                    checked={marcadas.has(p.permissao)}
                    onChange={(e) => trocar([p.permissao], e.currentTarget.checked)}
                  />
                ))}
              </Group>
            </SimpleGrid>
          );
        })}
      </Stack>
    </Paper>
  );
}
