import { iniciarCadsusStandIn, type CadsusStandIn } from '../apps/api/src/test/cadsus-standin';
import { novoCns, novoCpf, unico } from './dados';
import { expect, expectAccessible, fotografar, test } from './fixtures';

// Issue 24: "Buscar no CADSUS" on the citizen form, against a stand-in of the national registry's PDQ service started
// here. The suite's server points CADSUS_URL at this port (playwright.config.ts) and asks it only when the button is
// pressed. The suite's teardown checks the server's log for the people saved (personal data never in logs).
const CREDENCIAIS = { usuario: 'CADSUS.E2E', senha: 'senha-do-e2e' };

let cadsus: CadsusStandIn;

test.beforeAll(async () => {
  cadsus = await iniciarCadsusStandIn({ ...CREDENCIAIS }, Number(process.env.E2E_CADSUS_PORT));
});

test.afterAll(async () => {
  await cadsus?.close();
});

test('reception fills a new citizen from the national registry and saves it', async ({ page, signInWithUnit }) => {
  test.slow();
  const cpf = novoCpf();
  const nome = `ROSALINA CADSUS ${unico().toUpperCase()}`;
  cadsus.pessoas.set(cpf, {
    nome,
    mae: 'BENEDITA CADSUS',
    nascimento: '1979-08-15',
    sexo: 'F',
    raca: '02',
    cpf,
    // Everyone in the registry has a CNS (the citizen form requires one without a provisional card).
    cns: [{ numero: novoCns(), situacao: 'P' }],
    endereco: {
      cep: '70040010',
      cidade: '530010',
      uf: 'DF',
      tipo: '081',
      logradouro: 'DAS PALMEIRAS',
      numero: '45',
      bairro: 'ASA SUL',
    },
    telefones: [{ valor: 'tel:+55-61-991837465', uso: 'MC' }],
  });
  await signInWithUnit('recepcao');
  await page.goto('/municipes/new');
  const cpfCampo = page.getByRole('textbox', { name: 'CPF', exact: true });
  const buscar = page.getByRole('button', { name: 'Buscar no CADSUS' });

  await test.step('A CPF the registry does not know: the message offers the advanced search', async () => {
    await cpfCampo.fill(novoCpf());
    await buscar.click();
    const aviso = page.getByRole('status').filter({ hasText: 'Não encontrado no CADSUS' });
    await expect(aviso).toContainText('Cadastro não encontrado no CADSUS. Utilize a busca avançada.');
    await expect(aviso.getByRole('link', { name: 'Abrir a busca avançada' })).toHaveAttribute(
      'href',
      /\/municipes\?avancada=1&cpf_numero=\d{11}$/,
    );
    await expectAccessible(page, '/municipes/new, não encontrado no CADSUS');
    await fotografar(page, 'municipes_cadsus-nao-encontrado');
  });

  await test.step('Her CPF: the form is filled and each field from the registry says so', async () => {
    await cpfCampo.fill(cpf);
    await buscar.click();
    await expect(page.getByRole('status').filter({ hasText: 'Dados encontrados no CADSUS' })).toContainText(
      'Confira os dados e clique em Salvar para gravar.',
    );
    await expect(page.getByRole('textbox', { name: /^Nome/ }).first()).toHaveValue(nome);
    await expect(page.getByRole('textbox', { name: /Nome da mãe/ })).toHaveValue('BENEDITA CADSUS');
    await expect(page.getByText('Preenchido pelo CADSUS').first()).toBeVisible();
    expect(await page.getByText('Preenchido pelo CADSUS').count()).toBeGreaterThanOrEqual(4);
    await expectAccessible(page, '/municipes/new, preenchido pelo CADSUS');
    await fotografar(page, 'municipes_cadsus-preenchido');
    await page.setViewportSize({ width: 800, height: 1280 });
    await fotografar(page, 'municipes_cadsus-preenchido-tablet');
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  await test.step('Nothing was saved until Salvar; then the record exists', async () => {
    expect(cadsus.pedidos.at(-1)).toContain(`extension="${cpf}"`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/municipes\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByRole('heading', { name: nome })).toBeVisible();
  });
});
