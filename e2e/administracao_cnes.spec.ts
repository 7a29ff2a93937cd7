// CNES import (issue 22) as a manager: a spreadsheet sent by mistake is refused on screen ("Arquivo CNES inválido"),
// then the synthetic CNES file — made unique for this run (CNES, INE, CPF, CNS, names), so a second run on the same
// server imports its own records — is previewed (2 units, 2 teams, 3 professionals, 4 bonds to create), applied after
// the confirmation, and shows in the history. Axe on the page; screenshots at 1400×900 and 800×1280.
// Only records of this run's file are created; the demo's hand-made units, teams and users are never deactivated.
// Run: npm run build && E2E_PORT=3244 npx playwright test e2e/administracao_cnes.spec.ts
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { zipDe } from '../apps/api/src/test/zip';
import { novoCns, novoCpf, unico } from './dados';
import { expect, expectAccessible, fotografar, SCREENSHOTS, test } from './fixtures';

const PAGINA = '/administracao/importacao_cnes';
test.describe.configure({ timeout: 240_000 });
mkdirSync(SCREENSHOTS, { recursive: true });

const FIXTURE = readFileSync(
  new URL('../apps/api/src/modules/administracao/importacao_cnes/fixtures/cnes_sintetico.xml', import.meta.url),
  'utf8',
);

const digitos = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');

/** The fixture with this run's own codes and names. */
function arquivoUnico() {
  const sufixo = unico();
  const trocas: Array<[string, string]> = [
    ['9100001', `5${digitos(6)}`],
    ['9100002', `6${digitos(6)}`],
    ['0000910001', `8${digitos(9)}`],
    ['0000910002', `9${digitos(9)}`],
    ['52998224725', novoCpf()],
    ['11144477735', novoCpf()],
    ['160614834120001', novoCns()],
    ['203012345670018', novoCns()],
    ['UBS Jardim das Flores', `UBS Jardim ${sufixo}`],
    ['UBS Vila Aurora', `UBS Aurora ${sufixo}`],
  ];
  let xml = FIXTURE;
  for (const [de, para] of trocas) xml = xml.replaceAll(de, para);
  return { xml, sufixo };
}

async function nasDuasLarguras(page: Page, nome: string) {
  await fotografar(page, `${nome}-1400`);
  await page.setViewportSize({ width: 800, height: 1280 });
  await fotografar(page, `${nome}-800`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('a manager previews and applies the CNES file, after a wrong file is refused', async ({
  page,
  signInWithUnit,
}) => {
  const { xml, sufixo } = arquivoUnico();
  const nomeArquivo = `cnes-${sufixo}.zip`;
  await signInWithUnit('admin');
  await page.goto(PAGINA);
  await expect(page.getByRole('heading', { name: 'Importação do CNES', level: 1 })).toBeVisible();
  const arquivo = page.locator('input[type=file]');

  await test.step('a spreadsheet instead of the XML: refused on screen, nothing previewed', async () => {
    await arquivo.setInputFiles({
      name: 'profissionais.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('CNES;NOME\n9100001;UBS'),
    });
    await expect(page.getByRole('alert')).toContainText(
      /Arquivo CNES inválido: XML malformado na linha \d+, coluna \d+/,
    );
    await expect(page.getByRole('heading', { name: 'Prévia da importação' })).toHaveCount(0);
  });

  await test.step("another municipality's file, zipped as the CNES portal delivers it: refused on screen", async () => {
    const deOutro = xml.replace('CO_IBGE_MUN="530010"', 'CO_IBGE_MUN="355030"');
    await arquivo.setInputFiles({
      name: `cnes-sp-${sufixo}.zip`,
      mimeType: 'application/zip',
      buffer: zipDe([[`cnes-sp-${sufixo}.xml`, deOutro]]),
    });
    await expect(page.getByRole('alert')).toContainText(
      'Arquivo CNES de outro município (código IBGE 355030); este município é o 5300108.',
    );
    await expect(page.getByRole('heading', { name: 'Prévia da importação' })).toHaveCount(0);
  });

  await test.step('the CNES file: the preview counts', async () => {
    // This municipality's file, zipped: read the same as its XML.
    await arquivo.setInputFiles({ name: nomeArquivo, mimeType: 'application/zip', buffer: zipDe([['cnes.xml', xml]]) });
    await expect(page.getByRole('heading', { name: 'Prévia da importação' })).toBeVisible();
    // A later run also deactivates the records of the run before (they came from a CNES file this one lacks).
    await expect(page.getByText(/^2 unidades, 2 equipes, 3 profissionais e 4 lotações a criar/)).toBeVisible();
    await expect(page.getByText(`UBS Jardim ${sufixo}`).first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'prévia da importação do CNES');
    await nasDuasLarguras(page, 'administracao-cnes-previa');
  });

  await test.step('applied after the confirmation: the result and the history', async () => {
    await page.getByRole('button', { name: 'Aplicar importação' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Aplicar importação do CNES?' });
    await expect(dialogo).toContainText('2 unidades, 2 equipes, 3 profissionais e 4 lotações a criar');
    await dialogo.getByRole('button', { name: 'Sim, aplicar' }).click();
    await expect(page.getByText('Importação aplicada')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Importações anteriores' }).getByRole('row').filter({ hasText: nomeArquivo }),
    ).toContainText('Registros criados: 2 unidades, 2 equipes, 3 profissionais e 4 lotações');
    await expectAccessible(page, 'resultado da importação do CNES');
    await nasDuasLarguras(page, 'administracao-cnes-resultado');
  });
});
