// /filas/categorias/new and /{id}/edit (spec §2, issue 17): a ticket category — its name, letters, priority, colour
// (with the ticket as the panel will show it, and whether its text reads well) and whether it is in use.
import { Group, Stack, Text } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { LIMITES_CATEGORIA, type Categoria } from '@saude/shared/schemas/categoria';
import type { FieldRows } from '../../../lib/form';
import { RecordFormFrame, recordFormPage, useRecordFormPage, type RecordFormProps } from '../../../lib/recordPage';
import { BASE_PATH, categorias } from './api';
import { categoriaCodec, CORES_SUGERIDAS, type CategoriaFormValues } from './formValues';
import { ContrasteSenha, SenhaExemplo } from './SenhaExemplo';

type Form = UseFormReturn<CategoriaFormValues, unknown, CategoriaFormValues>;

export const CategoriaFormPage = recordFormPage({ dados: categorias, label: 'Carregando categoria' }, CategoriaForm);

function CategoriaForm({ atual, recarregar }: RecordFormProps<Categoria>) {
  const page = useRecordFormPage({
    dados: categorias,
    voltar: atual ? `${BASE_PATH}/${atual.id}` : BASE_PATH,
    atual,
    recarregar,
    titulo: atual ? `Editar categoria ${atual.nome}` : 'Nova categoria',
    codec: categoriaCodec,
    depoisDeSalvar: (saved) => `${BASE_PATH}/${saved.id}`,
    model: 'Categoria',
    genero: 'f',
    remover: true,
  });

  const campos: FieldRows<CategoriaFormValues> = [
    {
      kind: 'text',
      name: 'nome',
      required: true,
      span: 'half',
      inputProps: { maxLength: LIMITES_CATEGORIA.nome },
    },
    {
      kind: 'text',
      name: 'sigla',
      required: true,
      tooltip: 'As letras da senha: "P" dá P001, P002…',
      description: 'De 1 a 3 letras maiúsculas',
      inputProps: { maxLength: 3, autoCapitalize: 'characters' },
    },
    {
      kind: 'integer',
      name: 'prioridade',
      required: true,
      tooltip: 'A prioridade 1 é chamada primeiro; empates são chamados por ordem de chegada.',
      description: 'De 1 (chamada primeiro) a 99',
      inputProps: { min: LIMITES_CATEGORIA.prioridade.min, max: LIMITES_CATEGORIA.prioridade.max },
    },
    { kind: 'color', name: 'cor', required: true, swatches: CORES_SUGERIDAS, span: 'half' },
    { kind: 'node', key: 'previa', span: 'half', node: <Previa form={page.form} /> },
    {
      kind: 'textarea',
      name: 'descricao',
      span: 'full',
      inputProps: { maxLength: LIMITES_CATEGORIA.descricao },
    },
    {
      kind: 'checkbox',
      name: 'ativo',
      label: 'Categoria ativa',
      description: 'Uma categoria inativa não recebe novas senhas, mas continua no histórico.',
      span: 'full',
    },
  ];

  return <RecordFormFrame page={page} gap="md" sections={[['Categoria', campos]]} />;
}

/** The ticket as the panel shows it, and the contrast of its text. */
function Previa({ form }: { form: Form }) {
  const [sigla, cor] = useWatch({ control: form.control, name: ['sigla', 'cor'] });
  const valida = /^#[0-9a-fA-F]{6}$/.test(cor ?? '');
  const letras = (sigla ?? '').toUpperCase().slice(0, 3);
  return (
    <Stack gap={4} role="group" aria-label="Como a senha aparece no painel">
      <Text size="sm" fw={500}>
        Como a senha aparece no painel
      </Text>
      <Group gap="sm" align="center">
        <SenhaExemplo sigla={letras} cor={valida ? cor! : '#FFFFFF'} size="lg" />
      </Group>
      {valida && <ContrasteSenha cor={cor!} />}
    </Stack>
  );
}
