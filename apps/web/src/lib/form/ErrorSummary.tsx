// Save summary of spec §8: 'Não foi possível gravar %{model}: N erros' and the fields to check (ux.md).
import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { msg } from '@saude/shared';
import { minusculaInicial } from '../format';

export interface SummaryItem {
  path: string;
  message: string;
}

type ErrorTree = Record<string, unknown>;

function isLeaf(v: unknown): v is { message?: unknown; type?: unknown } {
  // react-hook-form FieldError: has a type (and a DOM ref we must not walk into).
  return typeof v === 'object' && v !== null && 'type' in v && typeof (v as { type: unknown }).type === 'string';
}

/** Flattens react-hook-form errors or an API errors map into [{ path, message }], in field order. */
export function flattenErrors(errors: ErrorTree | undefined, prefix = ''): SummaryItem[] {
  const out: SummaryItem[] = [];
  for (const [key, value] of Object.entries(errors ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') out.push({ path, message: value });
    else if (Array.isArray(value) && value.every((m) => typeof m === 'string')) {
      for (const m of value as string[]) out.push({ path, message: m });
    } else if (isLeaf(value)) {
      if (typeof value.message === 'string' && value.message) out.push({ path, message: value.message });
      else out.push(...flattenErrors(value as ErrorTree, path).filter((i) => i.path !== `${path}.ref`));
    } else if (typeof value === 'object') out.push(...flattenErrors(value as ErrorTree, path));
  }
  return out;
}

/** The label for a path; indices of lists are ignored ('membros.0.nome' → labels['membros.nome']). */
function labelFor(path: string, labels: Record<string, string>): string | undefined {
  if (path.startsWith('root')) return undefined;
  return labels[path] ?? labels[path.replace(/\.\d+(?=\.|$)/g, '')] ?? path;
}

export interface ErrorSummaryProps {
  /** What is being saved, e.g. 'Família'. */
  model: string;
  /** form.formState.errors, or an API 422 `errors` map. */
  errors: ErrorTree | undefined;
  /** Field path → visible label, so the list reads 'CPF não é válido'. */
  labels?: Record<string, string>;
  /** Called when the user picks a field in the list, e.g. form.setFocus. */
  onSelect?: (path: string) => void;
}

/** Renders nothing without errors; show it after a failed submit (formState.submitCount > 0). */
export function ErrorSummary({ model, errors, labels = {}, onSelect }: ErrorSummaryProps) {
  const items = flattenErrors(errors);
  if (items.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={msg.naoFoiPossivelGravar(model, items.length)}
    >
      <Text size="sm">{msg.verifiqueCampos}</Text>
      <List size="sm" mt={4}>
        {items.map((item, i) => {
          const label = labelFor(item.path, labels);
          // After its label spec §5's required text reads on: 'Sexo não pode ficar em branco' (issue 39); not after
          // a question, and a whole sentence ('Este munícipe já está…') keeps its capital.
          const emFrase = !label?.endsWith('?') && /^Não (pode|deve) /.test(item.message);
          const text = label ? `${label} ${emFrase ? minusculaInicial(item.message) : item.message}` : item.message;
          return (
            <List.Item key={`${item.path}-${i}`}>
              {onSelect && label ? (
                // Red 9, not the primary colour: AA contrast on the red alert's background (axe color-contrast).
                <Anchor component="button" type="button" size="sm" c="red.9" onClick={() => onSelect(item.path)}>
                  {text}
                </Anchor>
              ) : (
                text
              )}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
