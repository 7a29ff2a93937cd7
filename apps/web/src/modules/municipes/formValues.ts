// What the citizen form holds, how a loaded citizen becomes form values and back, and which tab shows each field.
import { useMemo, useRef } from 'react';
import { z } from 'zod';
import { rulesOf } from '@saude/shared/schemas/comum';
import { camposDe } from '@saude/shared/rotulos';
import {
  cpfCnsIssues,
  municipeFieldsSchema,
  municipeInputSchema,
  NACIONALIDADE_BRASILEIRA,
  prontuarioInputSchema,
  type Municipe,
  type MunicipeValues,
} from '@saude/shared/schemas/municipe';
import { formCodec, pickValues } from '../../lib/form';
import { useParametroUnidade } from '../parametros';

/**
 * The shared schema plus the residence municipality's name, which the address block keeps beside its IBGE code so the
 * select shows it before the state's list arrives. The name is display only and never sent.
 */
export const municipeFormSchema = z.intersection(
  municipeInputSchema,
  z.object({ residencia_municipio_nome: z.string().nullish(), municipio_nascimento_nome: z.string().nullish() }),
);
export type MunicipeFormValues = z.input<typeof municipeFormSchema>;

/**
 * The form's schema with the current unit's `cpf_cns` rule (issue 39) while the flag is on, read through the unit
 * parameters client. The ref keeps one resolver for the form's life and lets the flag's answer arrive later.
 */
export function useMunicipeFormSchema() {
  const exige = useParametroUnidade('cpf_cns').data === true;
  const atual = useRef(exige);
  atual.current = exige;
  const schema = useMemo(
    () =>
      z.intersection(
        municipeFormSchema,
        rulesOf((v) => (atual.current ? cpfCnsIssues(v) : [])),
      ),
    [],
  );
  return schema;
}
export type MunicipeFormOutput = z.output<typeof municipeFormSchema>;

/** The form derived from the shared schema (codec, issue 40): its fields, empty values, labels and nested parts. */
const codec = formCodec(municipeFieldsSchema, {
  defaults: { mae_desconhecida: false, pai_desconhecido: false, fora_area: false, doador_sangue: false },
});
const CAMPOS_PRONTUARIO = camposDe(prontuarioInputSchema);
const nomes = (m?: Partial<Municipe>) => ({
  residencia_municipio_nome: m?.residencia_municipio_nome ?? null,
  municipio_nascimento_nome: m?.municipio_nascimento_nome ?? null,
});

/** A new citizen: every field empty (null), a Brazilian, the reference unit preset to where the user works. */
export const novoMunicipe = (unidadeAtualId: string | null): MunicipeFormValues =>
  ({
    ...codec.empty(),
    ...nomes(),
    nacionalidade_id: NACIONALIDADE_BRASILEIRA,
    unidade_saude_referencia_id: unidadeAtualId,
  }) as MunicipeFormValues;

/** A loaded citizen as form values (nulls stay), each record number with its input fields only. */
export const municipeParaForm = (m: Municipe): MunicipeFormValues =>
  ({
    ...codec.toForm(m),
    ...nomes(m),
    prontuarios: m.prontuarios.map((p) => pickValues(p, CAMPOS_PRONTUARIO)),
  }) as MunicipeFormValues;

/**
 * The body the API takes: the schema's output (trimmed, digits only; an empty field absent, whether held as null or
 * '') without the display-only names.
 */
export function formParaApi(v: MunicipeFormOutput): MunicipeValues {
  const { residencia_municipio_nome: _r, municipio_nascimento_nome: _n, ...rest } = v;
  return rest;
}

/** Visible labels by field path, for the error summary ('CPF não é válido'): the shared schema's. */
export const ROTULOS: Record<string, string> = codec.labels;

const DOCUMENTOS =
  /^(cartao_municipal|numero_registro|numero_prontuario_familiar|rg_|nis|titulo_|certidao_|prontuarios)/;
const OUTROS = /^(parentesco_id|doador_sangue|tipo_sanguineo_id|motivo_saida_cadastro_id|data_obito|numero_do)$/;

/** The record tab ('' | 'documento_prontuario' | 'outros') that shows the field at `path`. */
export function abaDoCampo(path: string): string {
  const raiz = path.split('.')[0] ?? '';
  if (DOCUMENTOS.test(raiz)) return 'documento_prontuario';
  if (OUTROS.test(raiz)) return 'outros';
  return '';
}
