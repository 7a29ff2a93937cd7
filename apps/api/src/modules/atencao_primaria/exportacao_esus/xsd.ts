import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo, type XMLValidationResult } from 'xmllint-wasm';

// The official XSDs kept in the repository (xsd/README.md), checked with xmllint compiled to WebAssembly: tests and
// scripts/validar-ledi.mjs (same wrapper) run without ../shared and without libxml2 installed.
const PASTA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'xsd');

let carregado: { schema: XMLFileInfo; preload: XMLFileInfo[] } | undefined;

// The envelope's record slot is a lax xs:any: the wrapper imports every record schema so the record is checked too.
function xsd() {
  if (carregado) return carregado;
  const preload = readdirSync(PASTA)
    .filter((f) => f.endsWith('.xsd'))
    .map((f) => ({ fileName: f, contents: readFileSync(path.join(PASTA, f), 'utf8') }));
  const imports = preload
    .map((x) => [x.fileName, /targetNamespace="([^"]+)"/.exec(x.contents)?.[1]] as const)
    .filter(([, ns]) => ns)
    .map(([f, ns]) => `<xs:import namespace="${ns}" schemaLocation="${f}"/>`)
    .join('');
  const schema = {
    fileName: 'ledi-todos.xsd',
    contents: `<?xml version="1.0" encoding="UTF-8"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${imports}</xs:schema>`,
  };
  return (carregado = { schema, preload });
}

export async function validarXsd(arquivos: XMLFileInfo[]): Promise<XMLValidationResult> {
  const { schema, preload } = xsd();
  return validateXML({ xml: arquivos, schema, preload, disableFileNameValidation: true });
}
