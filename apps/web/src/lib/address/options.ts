// Options of the address block, from the generated code tables (packages/shared/src/codes): states by
// abbreviation, street types by their DNE number as e-SUS exports them.
import { ufs } from '@saude/shared/ufs';
import { tipoLogradouro } from '@saude/shared/codes/tipo_logradouro';

export const UF_OPTIONS = ufs
  .map((u) => ({ value: u.sigla, label: `${u.sigla} - ${u.nome}` }))
  .sort((a, b) => a.value.localeCompare(b.value));

export const TIPO_LOGRADOURO_OPTIONS = tipoLogradouro.map((t) => ({ value: t.codigo, label: t.descricao }));
