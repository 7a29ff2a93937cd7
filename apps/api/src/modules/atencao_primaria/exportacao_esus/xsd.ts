import path from 'node:path';
import type { XMLFileInfo } from 'xmllint-wasm';
import { carregarXsd, lerZip, validarLedi, type Xsd } from './ledi_validacao.mjs';

// The tests check files with the export's own check (ledi_validacao.mjs, also behind scripts/validar-ledi.mjs: the wrapper schema that also checks
// the record inside the envelope's lax xs:any, and the zip reader), against the official XSDs kept in xsd/.
const PASTA = path.join(import.meta.dirname, 'xsd');
let xsd: Xsd | undefined;

export const validarXsd = (arquivos: XMLFileInfo[]) => validarLedi((xsd ??= carregarXsd(PASTA)), arquivos);
export { lerZip };
