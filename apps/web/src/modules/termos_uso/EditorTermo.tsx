// The terms' rich-text editor (docs/decisions.md "Terms of use"): a textarea of HTML with a toolbar that wraps the
// selection in the allowed tags, and the rendered preview beside it — no editor library, and what is typed is what
// the server keeps (after its own sanitising).
import { Button, Group, Input, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useRef } from 'react';
import { TextoTermo } from './TextoTermo';

const ACOES = [
  { rotulo: 'Negrito', antes: '<strong>', depois: '</strong>' },
  { rotulo: 'Itálico', antes: '<em>', depois: '</em>' },
  { rotulo: 'Sublinhado', antes: '<u>', depois: '</u>' },
  { rotulo: 'Título', antes: '<h2>', depois: '</h2>' },
  { rotulo: 'Subtítulo', antes: '<h3>', depois: '</h3>' },
  { rotulo: 'Parágrafo', antes: '<p>', depois: '</p>' },
  { rotulo: 'Lista', antes: '<ul>\n  <li>', depois: '</li>\n</ul>' },
  { rotulo: 'Lista numerada', antes: '<ol>\n  <li>', depois: '</li>\n</ol>' },
  { rotulo: 'Link', antes: '<a href="https://">', depois: '</a>' },
] as const;

export function EditorTermo({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const envolver = (antes: string, depois: string) => {
    const el = ref.current;
    if (!el) return;
    const { selectionStart: i, selectionEnd: f } = el;
    const novo = value.slice(0, i) + antes + value.slice(i, f) + depois + value.slice(f);
    onChange(novo);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(i + antes.length, f + antes.length);
    });
  };
  return (
    <Stack gap={6}>
      <Group gap={4} role="toolbar" aria-label="Formatação do texto" wrap="wrap">
        {ACOES.map((a) => (
          <Button key={a.rotulo} variant="default" size="xs" mih={36} onClick={() => envolver(a.antes, a.depois)}>
            {a.rotulo}
          </Button>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Textarea
          ref={ref}
          label="Texto (HTML)"
          withAsterisk
          autosize
          minRows={14}
          maxRows={30}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
        />
        <Input.Wrapper label="Pré-visualização" component="div">
          <Paper withBorder p="sm" radius="sm" mih={280}>
            {value.trim() ? (
              <TextoTermo html={value} />
            ) : (
              <Text c="dark.5">O texto aparece aqui como será exibido.</Text>
            )}
          </Paper>
        </Input.Wrapper>
      </SimpleGrid>
    </Stack>
  );
}
