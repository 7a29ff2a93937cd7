// Field rows (kit FieldGrid) that more than one e-SUS form asks the same way.
import { tipoImovel } from '@saude/shared/codes';
import { codeOptions, type FieldRow } from '../../../lib/form';

/** The property type (households, visits): required, and never cleared by picking it again (issue 12). */
export const TIPO_IMOVEL = {
  kind: 'select',
  name: 'tipo_imovel_id',
  label: 'Tipo de imóvel',
  required: true,
  data: codeOptions(tipoImovel),
  clearable: false,
} as const satisfies FieldRow;
