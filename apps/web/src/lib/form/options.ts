// Code tables (packages/shared/src/codes) as the options of selects, radios and checkbox groups.
import type { CodeRow, CodeValue, Widen } from '@saude/shared/codes/lookup';
import type { Option } from './choiceFields';

/** Every row of an e-SUS table as { value: codigo, label: descricao }; `label` writes another text (e.g. with the code). */
export function codeOptions<T extends CodeRow>(
  tabela: readonly T[],
  label: (row: T) => string = (row) => row.descricao,
): Option<Widen<T['codigo']>>[] {
  return tabela.map((row) => ({ value: row.codigo as Widen<T['codigo']>, label: label(row) }));
}

/** Several tables' options at once, by the tables' names: `codeOptionsOf({ sexo, racaCor }).sexo`. */
export function codeOptionsOf<K extends string>(
  tabelas: Record<K, readonly CodeRow[]>,
): Record<K, Option<CodeValue>[]> {
  return Object.fromEntries(Object.entries<readonly CodeRow[]>(tabelas).map(([k, t]) => [k, codeOptions(t)])) as Record<
    K,
    Option<CodeValue>[]
  >;
}

/** Named records ({ id, nome }: units, teams, profiles, queues…) as options; a list not loaded yet gives none. */
export function opcoesNomeadas(lista: readonly { id: string; nome: string }[] | null | undefined): Option[] {
  return (lista ?? []).map((r) => ({ value: r.id, label: r.nome }));
}
