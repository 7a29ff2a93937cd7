// One citizen's compulsory notifications (issue 18): a nurse (`enfermagem`, on a tablet) notifies a suspected dengue
// case (a blank disease refused first) and finds it on the citizen's page; surveillance (`vigilancia`) confirms a case
// with its closing date and prints the SINAN form, which answers a PDF. Every screen opened passes axe. Citizens and
// the notification surveillance closes are made through the API, unique per attempt.
// Run: npm run build && E2E_PORT=3127 npx playwright test e2e/municipes_notificacao-form.spec.ts
import { morarEm, novaCasa, novaPessoa, unico } from './dados';
import { type Api, expect, expectAccessible, test } from './fixtures';

const BASE = '/municipes_notificacao';
const API = `/api/v1${BASE}`;

/** A day in São Paulo ('yyyy-MM-dd'), today plus `dias`, and today as 'dd/MM/yyyy'. */
const dia = (dias = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + dias * 86_400_000));
const hojeBr = () => dia().split('-').reverse().join('/');

/** A citizen of the registry with a unique name, referred to the caller's current unit. */
const novoMunicipe = (api: Api) => novaPessoa(api, `Notificada ${unico()} ${unico()}`);

test('a nurse notifies a suspected dengue case and sees it on the citizen page', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  // The nurse's tablet.
  await page.setViewportSize({ width: 800, height: 1280 });
  const municipe = await novoMunicipe(await apiAs('admin', { unidade: 'UBS Centro' }));
  await signInWithUnit('enfermagem');

  await test.step('a blank disease is refused on its field', async () => {
    await page.goto(`${BASE}/${municipe.id}/new`);
    await expect(page.getByRole('heading', { name: 'Nova notificação compulsória', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Data da notificação/ })).toHaveValue(hojeBr());
    // An answered comorbidity offers the way back to unanswered (checked by axe below, with the errors).
    await page.getByRole('radiogroup', { name: 'Diabetes' }).getByText('Não', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Limpar resposta: Diabetes' })).toBeVisible();
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    const doenca = page.getByRole('combobox', { name: /Doença ou agravo/ });
    await expect(doenca).toHaveAccessibleDescription(/Não pode ficar em branco/);
    // The summary focused the field, which opens its list: close it to check the page itself.
    await doenca.press('Escape');
    await expectAccessible(page, 'formulário de notificação com erros');
    const sobra = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sobra, 'o formulário não rola para o lado no tablet').toBeLessThanOrEqual(0);
  });

  await test.step('the suspected dengue case is saved and shown', async () => {
    const doenca = page.getByRole('combobox', { name: /Doença ou agravo/ });
    await doenca.fill('A90');
    await page.getByRole('option', { name: /^Dengue - Casos/ }).click();
    await page.getByRole('textbox', { name: /Data dos primeiros sintomas/ }).fill(hojeBr());
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Dengue - Casos', level: 1 })).toBeVisible();
    await expect(page.getByText('Notificação foi salva com sucesso')).toBeVisible();
    await expect(page.getByText('Notificada como suspeito')).toBeVisible();
    // A nurse neither closes cases nor edits them.
    await expect(page.getByRole('button', { name: 'Alterar situação' })).toHaveCount(0);
    await expectAccessible(page, 'notificação (leitura)');
  });

  await test.step('the citizen page lists it, newest first', async () => {
    await page.getByRole('link', { name: 'Voltar para as notificações do munícipe' }).click();
    await expect(page.getByRole('heading', { name: municipe.nome, level: 1 })).toBeVisible();
    const linha = page.getByRole('row', { name: /Dengue - Casos/ });
    await expect(linha).toContainText('Suspeito');
    await expect(linha).toContainText(hojeBr());
    await expect(page.getByRole('link', { name: 'Nova notificação' })).toBeVisible();
    await expectAccessible(page, 'notificações do munícipe');
  });

  await test.step('spec §2 {notificacaoId?}: show without an id lists the citizen’s notifications, edit starts a new one', async () => {
    await page.goto(`${BASE}/${municipe.id}/notificacao_compulsoria/show`);
    await expect(page).toHaveURL(new RegExp(`${BASE}/${municipe.id}/detalhes$`));
    await expect(page.getByRole('heading', { name: municipe.nome, level: 1 })).toBeVisible();
    await page.goto(`${BASE}/${municipe.id}/notificacao_compulsoria/edit`);
    await expect(page).toHaveURL(new RegExp(`${BASE}/${municipe.id}/new$`));
    await expect(page.getByRole('heading', { name: 'Nova notificação compulsória', level: 1 })).toBeVisible();
    await expectAccessible(page, 'nova notificação (edit sem id)');
  });
});

test('surveillance confirms a case: the counts and the map marker follow, and the SINAN form prints', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  // A citizen living at a home with coordinates (so the case is on the map), notified by the nurse.
  const acs = await apiAs('acs', { unidade: 'UBS Centro' });
  const municipe = await novoMunicipe(acs);
  await morarEm(acs, municipe, await novaCasa(acs, `Bairro ${unico()}`, { latitude: -15.8, longitude: -47.9 }));
  const res = await (
    await apiAs('enfermagem')
  ).post(`${API}/${municipe.id}/notificacoes`, {
    // Yesterday: 08:00 is never in the future, whatever the hour the test runs.
    data: { doenca_agravo_id: '9a', data_notificacao: dia(-1), hora_notificacao: '08:00' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await signInWithUnit('vigilancia');

  /** The citizen's row counts (Registradas, Suspeitas, Confirmadas, Descartadas) and the case's marker. */
  const lista = async (contagens: string[], marcador: string) => {
    await page.goto(`${BASE}?nome=${encodeURIComponent(municipe.nome)}`);
    const linha = page.getByRole('table', { name: 'Munícipes com notificações' }).getByRole('row', {
      name: new RegExp(municipe.nome),
    });
    for (const [i, n] of contagens.entries()) await expect(linha.getByRole('cell').nth(3 + i)).toHaveText(n);
    const mapa = page.getByRole('region', { name: /^Mapa das notificações/ });
    await expect(mapa.getByTitle(`${municipe.nome}: Dengue - Casos, ${marcador}`)).toBeVisible();
  };

  await test.step('the list counts the suspected case and the map marks it', async () => {
    await lista(['1', '1', '0', '0'], 'Suspeito');
  });

  await test.step('the status change asks, with the closing date, and goes into the history', async () => {
    await page.goto(`${BASE}/${municipe.id}/notificacao_compulsoria/${id}/show`);
    await expect(page.getByRole('heading', { name: 'Dengue - Casos', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Alterar situação' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Alterar situação' });
    await dialogo.getByRole('radio', { name: 'Confirmado' }).check();
    await expect(dialogo.getByRole('textbox', { name: /Data de encerramento/ })).toHaveValue(hojeBr());
    await expectAccessible(page, 'alterar situação');
    await dialogo.getByRole('button', { name: 'Confirmar alteração' }).click();
    await expect(page.getByText('A situação da notificação foi alterada.')).toBeVisible();
    await expect(page.getByText('Suspeito → Confirmado')).toBeVisible();
    await expect(page.getByText(`Encerrada em ${hojeBr()}`).first()).toBeVisible();
  });

  await test.step('the list counts it confirmed and the marker changes', async () => {
    await lista(['1', '0', '1', '0'], 'Confirmado');
    await page.goto(`${BASE}/${municipe.id}/notificacao_compulsoria/${id}/show`);
    await expect(page.getByRole('heading', { name: 'Dengue - Casos', level: 1 })).toBeVisible();
  });

  await test.step('the SINAN form opens as a PDF', async () => {
    const ficha = page.waitForResponse((r) => r.url().endsWith(`/notificacoes/${id}/ficha.pdf`));
    const aba = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Imprimir ficha (SINAN)' }).click();
    const resposta = await ficha;
    expect(resposta.status()).toBe(200);
    expect(resposta.headers()['content-type']).toContain('application/pdf');
    await (await aba).close();
    // The page read it as a blob; the file itself, asked again with the same session's rights, is a PDF.
    const pdf = await (await apiAs('vigilancia')).get(`${API}/${municipe.id}/notificacoes/${id}/ficha.pdf`);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  await test.step('the edit form opens with the saved answers', async () => {
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: 'Editar notificação · Dengue - Casos', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Hora da notificação/ })).toHaveValue('08:00');
    await expectAccessible(page, 'editar notificação');
  });
});
