// Types of ledi_validacao.mjs for the TypeScript code that uses it (one check for CI, tests and municipalities).
import type { XMLFileInfo, XMLValidationResult } from 'xmllint-wasm';

export interface Xsd {
  schema: XMLFileInfo;
  preload: XMLFileInfo[];
}
export function carregarXsd(pasta: string): Xsd;
export function validarLedi(xsd: Xsd, arquivos: XMLFileInfo[]): Promise<Pick<XMLValidationResult, 'valid' | 'errors'>>;
export function lerZip(buf: Buffer): Array<{ fileName: string; contents: Buffer }>;
