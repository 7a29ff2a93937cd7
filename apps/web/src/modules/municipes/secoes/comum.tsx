// What the citizen record's tabs share (spec §2: default, documento_prontuario, outros). They render sections of ONE
// react-hook-form owned by the page, so switching tabs never loses an edit (docs/decisions.md).
import { createContext, useContext } from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import type { Municipe } from '@saude/shared/schemas/municipe';
import type { FieldRow, Option } from '../../../lib/form';
import type { MunicipeFormOutput, MunicipeFormValues } from '../formValues';

/** What the sections need besides the form: the loaded citizen (edit) and the units the user can pick. */
export type MunicipeFormInfo = { municipe?: Municipe; unidades: Option[] };
const MunicipeFormInfoContext = createContext<MunicipeFormInfo>({ unidades: [] });
export const MunicipeFormInfoProvider = MunicipeFormInfoContext.Provider;
export const useMunicipeFormInfo = () => useContext(MunicipeFormInfoContext);

export const useMunicipeForm = () => useFormContext<MunicipeFormValues, unknown, MunicipeFormOutput>();

export const vazio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The rows of the citizen form's sections (kit FieldGrid). */
export type Linha = FieldRow<FieldPath<MunicipeFormValues>>;
export type Linhas = Linha[];
/** A tab's sections: title and rows. */
export type Secoes = Array<[titulo: string, Linhas]>;

/** Digits typed on the numeric keyboard. */
export const NUMERICO = { inputMode: 'numeric' } as const;
