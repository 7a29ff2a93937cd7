// Address block shared by households, citizens and units: typing a full CEP fills the rest (spec §8 'CEP não
// encontrado').
import { Loader, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerReturn,
} from 'react-hook-form';
import { z } from 'zod';
import { msg } from '@saude/shared';
import { rotulosDe } from '@saude/shared/rotulos';
import { cadastroDomiciliarFieldsSchema } from '@saude/shared/schemas/cadastro_domiciliar';
import { enderecoImovelFields } from '@saude/shared/schemas/comum';
import { ApiError, http } from '../http';
import type { EnderecoCep } from '@saude/shared/schemas/endereco_cep';
import { notifyError, TOAST_MS } from '../feedback';
import { CepField, FieldGrid, touchInputStyles, useFieldLabel, type FieldRow } from '../form';
import { TIPO_LOGRADOURO_OPTIONS, UF_OPTIONS } from './options';

type Municipio = { codigo_ibge: string; nome: string; uf: string };

const imovel = rotulosDe(z.object(enderecoImovelFields));

/** The block's labels, the shared schemas' (the municipality's is its IBGE code's). */
export const ADDRESS_LABELS = {
  cep: imovel.cep,
  uf: imovel.uf,
  municipio: imovel.municipio_ibge,
  tipo_logradouro: imovel.tipo_logradouro,
  logradouro: imovel.logradouro,
  numero: imovel.numero,
  bairro: imovel.bairro,
  ponto_referencia: rotulosDe(cadastroDomiciliarFieldsSchema).ponto_referencia,
};

export type AddressFieldKey = keyof typeof ADDRESS_LABELS | 'municipio_ibge';

type FieldLabelProps = ReturnType<typeof useFieldLabel>;

export interface AddressFieldsProps<T extends FieldValues, TT = T> {
  control: Control<T, unknown, TT>;
  /** Path of the address object in the form, e.g. 'endereco'; empty when the fields are at the top level. */
  prefix?: string;
  /**
   * Form paths of fields whose names differ from the block's (e.g. a citizen's `residencia_cep`); each overrides
   * `prefix` for that field. `municipio` holds the municipality's name, `municipio_ibge` its IBGE code.
   */
  names?: Partial<Record<AddressFieldKey, string>>;
  /** Fields marked with the asterisk; the schema still decides. */
  required?: Array<keyof typeof ADDRESS_LABELS>;
  disabled?: boolean;
  /** Shows "Ponto de referência" (default); false where the record has no such field. */
  pontoReferencia?: boolean;
}

export function AddressFields<T extends FieldValues, TT = T>({
  control,
  prefix = '',
  names = {},
  required = [],
  disabled,
  pontoReferencia = true,
}: AddressFieldsProps<T, TT>) {
  const name = (field: AddressFieldKey) => (names[field] ?? (prefix ? `${prefix}.${field}` : field)) as FieldPath<T>;
  const req = (field: keyof typeof ADDRESS_LABELS) => required.includes(field);

  // Fields the lookup fills; useController gives each an onChange without needing setValue.
  const uf = useController({ control, name: name('uf') });
  const municipio = useController({ control, name: name('municipio') });
  const municipioIbge = useController({ control, name: name('municipio_ibge') });
  const tipo = useController({ control, name: name('tipo_logradouro') });
  const logradouro = useController({ control, name: name('logradouro') });
  const bairro = useController({ control, name: name('bairro') });
  const tipoLabel = useFieldLabel({
    label: ADDRESS_LABELS.tipo_logradouro,
    required: req('tipo_logradouro'),
  });
  const municipioLabel = useFieldLabel({ label: ADDRESS_LABELS.municipio, required: req('municipio') });
  const ufValue = (uf.field.value as string | null | undefined) ?? null;
  // The state's municipalities (IBGE table, seeded in the API), fetched once per state.
  const municipios = useQuery({
    queryKey: ['enderecos', 'municipios', ufValue],
    queryFn: ({ signal }) =>
      http.get<Municipio[]>('/api/v1/enderecos/municipios', { uf: ufValue ?? undefined, limit: 1000 }, signal),
    enabled: !!ufValue,
    staleTime: Infinity,
  });
  const municipioOptions = (municipios.data ?? []).map((m) => ({ value: m.codigo_ibge, label: m.nome }));
  const currentIbge = (municipioIbge.field.value as string | null | undefined) ?? null;
  const currentNome = (municipio.field.value as string | null | undefined) ?? '';
  // Keep a value chosen before the list arrives (or from a CEP) visible.
  if (currentIbge && !municipioOptions.some((o) => o.value === currentIbge))
    municipioOptions.unshift({ value: currentIbge, label: currentNome });

  const [looking, setLooking] = useState(false);
  const lastLooked = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const lookup = async (digits: string) => {
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setLooking(true);
    try {
      const r = await http.get<EnderecoCep>(`/api/v1/enderecos/cep/${digits}`, undefined, ctrl.signal);
      // Fill only what the lookup knows; a CEP for a whole town has no street.
      if (r.uf) uf.field.onChange(r.uf);
      if (r.municipio) municipio.field.onChange(r.municipio);
      if (r.municipio_ibge) municipioIbge.field.onChange(r.municipio_ibge);
      if (r.tipo_logradouro) tipo.field.onChange(r.tipo_logradouro);
      if (r.logradouro) logradouro.field.onChange(r.logradouro);
      if (r.bairro) bairro.field.onChange(r.bairro);
    } catch (err) {
      if (ctrl.signal.aborted) return;
      if (err instanceof ApiError && err.status === 404) {
        // The fields stay editable: the user types the address.
        notifications.show({
          color: 'yellow',
          autoClose: TOAST_MS,
          title: msg.cepNaoEncontrado,
          message: 'Preencha o endereço manualmente.',
        });
      } else notifyError(err);
    } finally {
      if (abort.current === ctrl) setLooking(false);
    }
  };

  const cell = (field: keyof typeof ADDRESS_LABELS, sm: number) => ({
    name: name(field),
    label: ADDRESS_LABELS[field],
    required: req(field),
    disabled,
    span: { base: 12, sm },
  });
  const cep = (
    <CepField
      {...cell('cep', 4)}
      control={control}
      inputProps={{ rightSection: looking ? <Loader size="xs" role="status" aria-label="Buscando CEP" /> : undefined }}
      onValueChange={(digits) => {
        if (digits.length === 8 && digits !== lastLooked.current) {
          lastLooked.current = digits;
          void lookup(digits);
        }
      }}
    />
  );
  const municipioSelect = (
    <Select
      {...bound(municipioIbge, municipioLabel)}
      data={municipioOptions}
      disabled={disabled || !ufValue}
      nothingFoundMessage="Nenhum município encontrado"
      placeholder={ufValue ? 'Digite para buscar' : 'Escolha a UF primeiro'}
      value={currentIbge}
      onChange={(v, option) => {
        municipioIbge.field.onChange(v ?? '');
        municipio.field.onChange(option?.label ?? '');
      }}
      error={municipio.fieldState.error?.message ?? municipioIbge.fieldState.error?.message}
    />
  );
  const tipoSelect = (
    <Select
      {...bound(tipo, tipoLabel)}
      data={TIPO_LOGRADOURO_OPTIONS}
      disabled={disabled}
      nothingFoundMessage="Nenhum tipo encontrado"
      limit={50}
      value={(tipo.field.value as string | null | undefined) || null}
      onChange={(v) => tipo.field.onChange(v ?? '')}
    />
  );
  const rows: FieldRow<FieldPath<T>>[] = [
    { kind: 'node', key: 'cep', span: { base: 12, sm: 4 }, node: cep },
    { kind: 'select', ...cell('uf', 3), data: UF_OPTIONS },
    { kind: 'node', key: 'municipio', span: { base: 12, sm: 5 }, node: municipioSelect },
    { kind: 'node', key: 'tipo_logradouro', span: { base: 12, sm: 4 }, node: tipoSelect },
    { kind: 'text', ...cell('logradouro', 8) },
    { kind: 'text', ...cell('numero', 3) },
    { kind: 'text', ...cell('bairro', 4) },
    { kind: 'text', ...cell('ponto_referencia', 5), when: pontoReferencia },
  ];
  return <FieldGrid control={control} rows={rows} />;
}

/** A searchable select's props from its controller and label, besides the value. */
const bound = <T extends FieldValues>({ field, fieldState }: UseControllerReturn<T>, label: FieldLabelProps) => ({
  ...label,
  searchable: true,
  clearable: true,
  styles: touchInputStyles,
  name: field.name,
  ref: field.ref,
  onBlur: field.onBlur,
  error: fieldState.error?.message,
});
