// /ferramentas/temas/new and /{id}/edit (spec §2, issue 21): a campaign theme — title and subtitle, both colours, the
// period (repeating every year or not), the image or an icon — with a live preview of the top bar and the banner, and
// a warning (not an error) when the text colour the luminance rule gives reads below WCAG AA on the primary colour.
import { Alert, Button, FileButton, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { avaliarCor, corValida, textoPorLuminancia } from '@saude/shared/cores';
import { checarImagemDataUrl, IMAGEM_TIPOS } from '@saude/shared/imagem';
import { LIMITES_TEMA, type Tema } from '@saude/shared/schemas/tema';
import { ICONES_TEMA } from '@saude/shared/tema_atual';
import { SwitchField, type FieldRows } from '../../../lib/form';
import { lerDataUrl } from '../../../lib/lerDataUrl';
import { useParametrizacao } from '../../../lib/parametrizacao';
import { RecordFormFrame, recordFormPage, useRecordFormPage, type RecordFormProps } from '../../../lib/recordPage';
import { temas } from './api';
import { CORES_SUGERIDAS, ROTULOS, temaCodec, type TemaFormValues } from './formValues';
import { ICONES } from './icones';
import classes from './tema.module.css';
import { TemaBanner } from './TemaBanner';

type Form = UseFormReturn<TemaFormValues, unknown, TemaFormValues>;

export const TemaFormPage = recordFormPage({ dados: temas, label: 'Carregando tema' }, TemaForm);

function TemaForm({ atual, recarregar }: RecordFormProps<Tema>) {
  const page = useRecordFormPage({
    dados: temas,
    atual,
    recarregar,
    titulo: atual ? `Editar tema ${atual.objetivo}` : 'Novo tema',
    codec: temaCodec,
    model: 'Tema',
    genero: 'm',
    remover: true,
  });

  const { form } = page;
  const campos: FieldRows<TemaFormValues> = [
    {
      kind: 'text',
      name: 'objetivo',
      required: true,
      span: 'full',
      description: `O título do banner, até ${LIMITES_TEMA.objetivo} caracteres`,
      inputProps: { maxLength: LIMITES_TEMA.objetivo },
    },
    {
      kind: 'textarea',
      name: 'descricao',
      span: 'full',
      inputProps: { maxLength: LIMITES_TEMA.descricao },
    },
    {
      kind: 'color',
      name: 'cor_primaria',
      required: true,
      swatches: CORES_SUGERIDAS,
      span: 'half',
    },
    {
      kind: 'color',
      name: 'cor_secundaria',
      required: true,
      swatches: CORES_SUGERIDAS,
      span: 'half',
    },
    { kind: 'date', name: 'vigencia_inicio', required: true },
    { kind: 'date', name: 'vigencia_fim', required: true },
    {
      kind: 'node',
      key: 'chaves',
      span: 'full',
      node: (
        <Group gap="xl">
          <SwitchField
            control={form.control}
            name="recorrente"
            label={ROTULOS.recorrente}
            description="Vale nos mesmos dias e meses todos os anos"
          />
          <SwitchField
            control={form.control}
            name="ativo"
            label={ROTULOS.ativo}
            description="Só um tema ativo por período"
          />
        </Group>
      ),
    },
    { kind: 'node', key: 'imagem', span: 'half', node: <ImagemField form={form} /> },
    { kind: 'node', key: 'icon', span: 'half', node: <IconeField form={form} /> },
  ];

  return (
    <RecordFormFrame
      page={page}
      gap="md"
      sections={[
        ['Tema', campos],
        ['Pré-visualização', [{ kind: 'node', key: 'previa', span: 'full', node: <Previa form={form} /> }]],
      ]}
    />
  );
}

/**
 * The image: read in the browser and checked with the API's own function (its type by the bytes, 500 kB, no active
 * SVG), so a wrong file is refused before it is sent; shown as a preview, with a button to remove it.
 */
function ImagemField({ form }: { form: Form }) {
  const [lendo, setLendo] = useState(false);
  return (
    <Controller
      control={form.control}
      name="imagem_base64"
      render={({ field, fieldState }) => {
        const escolher = async (file: File | null) => {
          if (!file) return;
          setLendo(true);
          try {
            // The browser's claim of the type is not trusted: the data URL is re-typed from the bytes' check.
            const bruto = await lerDataUrl(file);
            const base64 = bruto.slice(bruto.indexOf(',') + 1);
            const candidatos = IMAGEM_TIPOS.map((t) => `data:${t};base64,${base64}`);
            const aceito = candidatos.find((c) => checarImagemDataUrl(c) === null);
            if (aceito) {
              form.clearErrors('imagem_base64');
              field.onChange(aceito);
            } else {
              const erro = checarImagemDataUrl(candidatos[0]!) ?? '';
              form.setError('imagem_base64', { type: 'validate', message: erro });
            }
          } finally {
            setLendo(false);
          }
        };
        return (
          <Stack gap={6} role="group" aria-label={ROTULOS.imagem_base64}>
            <Text size="sm" fw={500} aria-hidden>
              {ROTULOS.imagem_base64}
            </Text>
            <Text size="xs" c="dimmed">
              PNG, JPEG, SVG ou WebP, até 500 kB. Sem imagem, o banner mostra o ícone.
            </Text>
            {field.value && (
              <Image src={field.value} alt="Imagem escolhida" h={72} w="auto" fit="contain" radius="sm" />
            )}
            <Group gap="sm">
              <FileButton onChange={(f) => void escolher(f)} accept={IMAGEM_TIPOS.join(',')}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    loading={lendo}
                    leftSection={<IconPhotoUp size={18} aria-hidden />}
                  >
                    {field.value ? 'Trocar imagem' : 'Escolher imagem'}
                  </Button>
                )}
              </FileButton>
              {field.value && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => field.onChange(null)}
                >
                  Remover imagem
                </Button>
              )}
            </Group>
            {fieldState.error && (
              <Text size="sm" c="red.8" role="alert" data-testid="erro-imagem">
                {fieldState.error.message}
              </Text>
            )}
          </Stack>
        );
      }}
    />
  );
}

/** A small set of Tabler icons, chosen by pressing one. */
function IconeField({ form }: { form: Form }) {
  return (
    <Controller
      control={form.control}
      name="icon"
      render={({ field }) => (
        <Stack gap={6} role="group" aria-label={ROTULOS.icon}>
          <Text size="sm" fw={500} aria-hidden>
            {ROTULOS.icon}
          </Text>
          <Text size="xs" c="dimmed">
            Mostrado no banner quando não há imagem
          </Text>
          <Group gap={6}>
            {ICONES_TEMA.map((nome) => {
              const { Icon, label } = ICONES[nome];
              const ativo = field.value === nome;
              return (
                <UnstyledButton
                  key={nome}
                  aria-pressed={ativo}
                  aria-label={label}
                  title={label}
                  onClick={() => field.onChange(nome)}
                  style={{
                    width: 44,
                    height: 44,
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    borderRadius: 8,
                    border: ativo ? '2px solid var(--mantine-color-saude-8)' : '1px solid var(--mantine-color-gray-4)',
                    background: ativo ? 'var(--mantine-color-saude-0)' : undefined,
                  }}
                >
                  <Icon size={24} aria-hidden />
                </UnstyledButton>
              );
            })}
          </Group>
        </Stack>
      )}
    />
  );
}

/** The top bar and the banner as they will look, and the contrast warning. */
function Previa({ form }: { form: Form }) {
  const { brasao, clienteNome } = useParametrizacao();
  const [objetivo, descricao, p, s, imagem, icon] = useWatch({
    control: form.control,
    name: ['objetivo', 'descricao', 'cor_primaria', 'cor_secundaria', 'imagem_base64', 'icon'],
  });
  const primaria = corValida(p) ? p.toUpperCase() : '#FFFFFF';
  const secundaria = corValida(s) ? s.toUpperCase() : '#FFFFFF';
  const avaliacao = avaliarCor(primaria);
  return (
    <Stack gap="sm">
      <div
        className={classes.barra}
        style={{ background: primaria, color: textoPorLuminancia(primaria) }}
        data-testid="previa-barra"
        aria-label="Como fica a barra superior"
        role="img"
      >
        <img src={brasao} alt="" />
        {imagem && <img src={imagem} alt="" />}
        <span>{clienteNome}</span>
      </div>
      <TemaBanner
        tema={{
          objetivo: objetivo ?? '',
          descricao: descricao || null,
          cor_primaria: primaria,
          cor_secundaria: secundaria,
          imagem_base64: imagem,
          icon,
        }}
      />
      {corValida(p) && avaliacao.abaixoAA && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Contraste baixo"
          classNames={{ title: classes.alertaTitulo }}
          data-testid="aviso-contraste"
        >
          O texto {avaliacao.texto === '#FFFFFF' ? 'branco' : 'cinza (#707070)'} sobre a cor primária tem contraste de{' '}
          {avaliacao.contraste.toFixed(1).replace('.', ',')}:1, abaixo do mínimo recomendado (4,5:1). Pode ser difícil
          de ler; considere uma cor mais escura ou mais clara.
        </Alert>
      )}
    </Stack>
  );
}
