// Validates e-SUS APS (LEDI) XML files against the official XSDs (issue 26):
//   node scripts/validar-ledi.mjs <pasta-xsd> <arquivo.esus.xml | pasta | arquivo.zip>…
// The check itself lives with the export (exportacao_esus/ledi_validacao.mjs); this is its command line.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  carregarXsd,
  lerZip,
  validarLedi,
} from '../apps/api/src/modules/atencao_primaria/exportacao_esus/ledi_validacao.mjs';

function arquivosDe(alvo) {
  if (statSync(alvo).isDirectory())
    return readdirSync(alvo)
      .filter((f) => f.endsWith('.xml'))
      .flatMap((f) => arquivosDe(path.join(alvo, f)));
  if (alvo.endsWith('.zip'))
    return lerZip(readFileSync(alvo))
      .filter((e) => e.fileName.endsWith('.xml'))
      .map((e) => ({ fileName: e.fileName, contents: e.contents.toString('utf8') }));
  return [{ fileName: path.basename(alvo), contents: readFileSync(alvo, 'utf8') }];
}

async function main() {
  const [pasta, ...alvos] = process.argv.slice(2);
  if (!pasta || alvos.length === 0) {
    console.error('uso: node scripts/validar-ledi.mjs <pasta-xsd> <arquivo.esus.xml | pasta | arquivo.zip>…');
    process.exit(2);
  }
  const xsd = carregarXsd(pasta);
  const arquivos = alvos.flatMap(arquivosDe);
  const r = await validarLedi(xsd, arquivos);
  for (const e of r.errors) console.error(e.rawMessage);
  console.log(`${arquivos.length} arquivo(s), ${r.valid ? 'todos válidos' : `${r.errors.length} erro(s)`}.`);
  process.exit(r.valid ? 0 : 1);
}

await main();
