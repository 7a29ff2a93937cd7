// The notification list and its map, and the home's coordinates they rest on (issue 18). Each test makes its own
// citizens, homes and notifications through the API (unique names), then works the screens, with axe on each.
// Run: npm run build && E2E_PORT=3142 npx playwright test e2e/municipes_notificacao-lista.spec.ts
import { esperarTiles, expect, expectAccessible, test, type Api } from './fixtures';
import { morarEm, novaCasa, novaPessoa, type Pessoa, unico } from './dados';

const LISTA = '/municipes_notificacao';
const DOMICILIOS = '/atencao_primaria/cadastros_domiciliares';
const UNIDADE = 'UBS Centro';

async function notificar(api: Api, p: Pessoa, o: { doenca?: string; situacao?: string } = {}) {
  const hoje = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const res = await api.post(`/api/v1${LISTA}/${p.id}/notificacoes`, {
    data: {
      doenca_agravo_id: o.doenca ?? '9a',
      data_notificacao: hoje,
      hora_notificacao: '00:00', // midnight: never later than now, whatever hour CI runs
      ...(o.situacao && o.situacao !== 'suspeito' ? { situacao: o.situacao, data_encerramento: hoje } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('the list filters and pages on the server, and the map marks the cases at their homes', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  test.setTimeout(120_000);
  const marca = `Notif ${unico()}`;
  const acs = await apiAs('acs', { unidade: UNIDADE });
  const vigilancia = await apiAs('vigilancia');
  // Two citizens at two homes with coordinates (confirmed, suspected) and nine more without (for a second page).
  const bairro = `Bairro ${marca}`;
  const [ana, bia] = [await novaPessoa(acs, `${marca} Ana`), await novaPessoa(acs, `${marca} Bia`)];
  await morarEm(acs, ana, await novaCasa(acs, bairro, { latitude: -15.79, longitude: -47.88 }));
  await morarEm(acs, bia, await novaCasa(acs, bairro, { latitude: -15.83, longitude: -47.95 }));
  await notificar(vigilancia, ana, { situacao: 'confirmado' });
  await notificar(vigilancia, bia);
  for (const letra of 'ABCDEFGHI') await notificar(vigilancia, await novaPessoa(acs, `${marca} Semcasa ${letra}`));

  await signInWithUnit('vigilancia');
  await test.step('name filter and pagination', async () => {
    await page.goto(`${LISTA}?nome=${encodeURIComponent(marca)}`);
    await expect(page.getByRole('heading', { name: 'Notificações compulsórias', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    const tabela = page.getByRole('table', { name: 'Munícipes com notificações' });
    await expect(page.getByText('Exibindo 1 a 10 de 11 registros')).toBeVisible();
    await expect(tabela.getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect(page.getByText('Exibindo 11 a 11 de 11 registros')).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
  });

  await test.step('status and neighbourhood filters; the map marks both homes', async () => {
    const mapa = page.getByRole('region', { name: /^Mapa das notificações/ });
    const tiles = esperarTiles(page, mapa);
    await page.goto(`${LISTA}?nome=${encodeURIComponent(marca)}&bairro=${encodeURIComponent(bairro)}`);
    const tabela = page.getByRole('table', { name: 'Munícipes com notificações' });
    await expect(tabela.getByRole('row')).toHaveCount(3);
    await expect(mapa).toHaveAccessibleName(/2 notificações no mapa/);
    // The tiles of the municipality's server (its local stand-in here) under the markers.
    await tiles();
    await expect(mapa.getByTitle(`${ana.nome}: Dengue - Casos, Confirmado`)).toBeVisible();
    await expect(mapa.getByTitle(`${bia.nome}: Dengue - Casos, Suspeito`)).toBeVisible();
    await expectAccessible(page, 'lista de notificações com o mapa');

    await page.getByRole('combobox', { name: 'Situação' }).click();
    await page.getByRole('option', { name: 'Confirmado', exact: true }).click();
    await expect(tabela.getByRole('row')).toHaveCount(2);
    await expect(tabela.getByText(ana.nome)).toBeVisible();
    await expect(mapa).toHaveAccessibleName(/1 notificação no mapa/);
    await expect(mapa.getByTitle(`${bia.nome}: Dengue - Casos, Suspeito`)).toHaveCount(0);
    // The popup leads to the citizen's notifications.
    await mapa.getByTitle(`${ana.nome}: Dengue - Casos, Confirmado`).click();
    await expect(mapa.getByRole('link', { name: `Ver notificações de ${ana.nome}` })).toBeVisible();
  });

  await test.step('without coordinates: counted, not on the map', async () => {
    await page.goto(`${LISTA}?nome=${encodeURIComponent(`${marca} Semcasa`)}`);
    await expect(page.getByText(/9 notificações sem coordenadas/)).toBeVisible();
    await expect(page.getByRole('region', { name: /^Mapa das notificações\. 0 notificações no mapa/ })).toBeVisible();
  });
});

test("an agent types the home's coordinates with a comma, or takes the tablet's position", async ({
  page,
  context,
  apiAs,
  signInWithUnit,
}) => {
  test.setTimeout(90_000);
  const acs = await apiAs('acs', { unidade: UNIDADE });
  const casa = await novaCasa(acs, `Bairro ${unico()}`);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: -15.7938891, longitude: -47.8827784, accuracy: 12 });
  await signInWithUnit('acs', UNIDADE);

  await page.goto(`${DOMICILIOS}/${casa.id}/edit`);
  const latitude = page.getByRole('textbox', { name: 'Latitude' });
  const longitude = page.getByRole('textbox', { name: 'Longitude' });
  await expect(latitude).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Usar minha localização' }).click();
  await expect(latitude).toHaveValue('-15,793889');
  await expect(longitude).toHaveValue('-47,882778');
  await expect(page.getByText('Localização obtida, com precisão de cerca de 12 m.')).toBeVisible();

  // Typed: one alone is refused, the pair is saved.
  await longitude.fill('');
  await latitude.fill('-15,8');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Longitude deve ser preenchida junto com a latitude').first()).toBeVisible();
  await expectAccessible(page, 'formulário do domicílio com erro de coordenadas');
  await longitude.fill('-47,9');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(new RegExp(`${DOMICILIOS}/${casa.id}/detalhes`));
  await expect(page.getByText('-15,8; -47,9')).toBeVisible();
});
