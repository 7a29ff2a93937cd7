import { expect, expectAccessible, liberarGuiches, SCREENSHOTS, test, type Api } from './fixtures';

// Issue 17, the calling panel and the SenhaSimples popup: the TV opens the panel with the demo key, calls made while
// it is open appear without reloading (and are announced), a new key cuts the TV off, and the popup hands the opener
// a ticket token only at the registered origin.

const DEMO_CHAVE = 'demo-painel-upa-24h';

type Contexto = {
  categorias: Array<{ id: string; sigla: string }>;
  filas: Array<{ id: string; nome: string; locais: Array<{ id: string; nome: string }> }>;
};

/** A call at the UPA through the tickets API, as a desk makes one: a Normal ticket issued, then called to `local`. */
async function chamar(api: Api, local: 'Guichê 1' | 'Guichê 2'): Promise<{ codigo: string }> {
  const ctx = (await (await api.get('/api/v1/filas/senhas/contexto')).json()) as Contexto;
  const fila = ctx.filas.find((f) => f.nome === 'Recepção')!;
  const localId = fila.locais.find((l) => l.nome === local)!.id;
  const normal = ctx.categorias.find((c) => c.sigla === 'N')!;
  const emitida = await api.post('/api/v1/filas/senhas', { data: { categoria_id: normal.id } });
  expect(emitida.status()).toBe(201);
  const senha = (await emitida.json()) as { id: string; codigo: string; lock_version: number };
  const chamada = await api.post(`/api/v1/filas/senhas/${senha.id}/chamar`, {
    data: { local_id: localId, lock_version: senha.lock_version },
  });
  expect(chamada.status()).toBe(200);
  // Served at once: the desk's next call is not refused as a double click (issue 39); the board keeps the call.
  const chamadaLida = (await chamada.json()) as { lock_version: number };
  const concluida = await api.post(`/api/v1/filas/senhas/${senha.id}/concluir`, {
    data: { lock_version: chamadaLida.lock_version },
  });
  expect(concluida.status()).toBe(200);
  return { codigo: senha.codigo };
}

/** The UPA's id, as the API tells its signed-in staff (issue 39: no direct database access, any engine). */
async function upaId(api: Api): Promise<string> {
  const me = (await (await api.get('/api/v2/auth/me')).json()) as { unidade_atual: { id: string } };
  return me.unidade_atual.id;
}

test.describe('painel de chamadas', () => {
  test('the TV shows each call as it is made, offline when the network drops, and refuses a wrong key', async ({
    browser,
    apiAs,
  }) => {
    const api = await apiAs('recepcao', { unidade: 'UPA 24h Municipal' });
    const unidade = await upaId(api);
    await liberarGuiches(api);
    const tv = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await tv.newPage();
    await page.goto(`/filas/painel/${unidade}?chave=${DEMO_CHAVE}`);
    await expect(page.getByRole('heading', { name: 'UPA 24h Municipal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ativar som' })).toBeVisible();
    const atual = page.getByRole('region', { name: 'Chamada atual' });
    const ultimas = page.getByRole('region', { name: 'Últimas chamadas' });
    // Live: the stream is open before the calls are made (no offline banner, the board loaded).
    await expect(page.getByText('Sem conexão — tentando reconectar')).toBeHidden();

    await page.getByRole('button', { name: 'Ativar som' }).click();
    await expect(page.getByRole('button', { name: 'Ativar som' })).toBeHidden();
    const primeira = await chamar(api, 'Guichê 1');
    await expect(atual).toContainText(primeira.codigo);
    await expect(atual).toContainText('Guichê 1');
    const segunda = await chamar(api, 'Guichê 2');
    await expect(atual).toContainText(segunda.codigo);
    await expect(atual).toContainText('Guichê 2');
    await expect(ultimas.getByRole('listitem').first()).toContainText(primeira.codigo);
    await expectAccessible(page, 'painel de chamadas');
    await page.screenshot({ path: `${SCREENSHOTS}/filas-painel-1920x1080.png` });

    // Portrait tablet: the list under the current call.
    await page.setViewportSize({ width: 800, height: 1280 });
    await expect(atual).toContainText(segunda.codigo);
    await page.screenshot({ path: `${SCREENSHOTS}/filas-painel-800x1280.png` });

    // The network drops: the banner says so, and goes when it comes back.
    await tv.setOffline(true);
    await expect(page.getByText('Sem conexão — tentando reconectar')).toBeVisible();
    await tv.setOffline(false);
    await expect(page.getByText('Sem conexão — tentando reconectar')).toBeHidden();
    const terceira = await chamar(api, 'Guichê 1');
    await expect(atual).toContainText(terceira.codigo);

    // A reload reads the board from the snapshot.
    await page.reload();
    await expect(atual).toContainText(terceira.codigo);
    await expect(ultimas).toContainText(segunda.codigo);

    // A 1280×720 TV (issue 39): five earlier calls fit, each with its whole time.
    for (const local of ['Guichê 1', 'Guichê 2', 'Guichê 1', 'Guichê 2'] as const) await chamar(api, local);
    await page.setViewportSize({ width: 1280, height: 720 });
    const linhas = ultimas.getByRole('listitem');
    await expect(linhas).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      const hora = linhas.nth(i).getByTestId('painel-hora');
      await expect(hora).toHaveText(/^\d{2}:\d{2}$/);
      const [cabe, dentro] = await hora.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return [el.scrollWidth <= el.clientWidth, r.right <= window.innerWidth && r.bottom <= window.innerHeight];
      });
      expect(cabe && dentro, `linha ${i + 1} inteira na tela`).toBe(true);
    }
    await page.screenshot({ path: `${SCREENSHOTS}/filas-painel-1280x720.png` });

    // A wrong key: a clear message, no board.
    const errada = await tv.newPage();
    await errada.goto(`/filas/painel/${unidade}?chave=chave-errada`);
    await expect(errada.getByRole('alert')).toContainText('Chave do painel inválida');
    await expectAccessible(errada, 'painel com chave errada');
    await tv.close();
  });

  test('a new key cuts the TV with the old one off at once', async ({ browser, apiAs }) => {
    const tv = await browser.newContext();
    const page = await tv.newPage();
    const admin = await apiAs('admin', { unidade: 'UPA 24h Municipal' });
    const unidade = await upaId(admin);
    // A key of this test's own (it replaces the demo key; later specs ask their own): the TV opens with it…
    const primeira = (await (await admin.post('/api/v1/filas/painel/chave')).json()) as { chave: string; url: string };
    expect(primeira.url).toContain(`/filas/painel/${unidade}?chave=`);
    await page.goto(new URL(primeira.url).pathname + new URL(primeira.url).search);
    await expect(page.getByRole('heading', { name: 'UPA 24h Municipal' })).toBeVisible();
    await expect(page.getByText('Sem conexão — tentando reconectar')).toBeHidden();
    // …and a newer key ends its stream: it reconnects, is refused, and says why.
    const res = await admin.post('/api/v1/filas/painel/chave');
    expect(res.status()).toBe(200);
    await expect(page.getByRole('alert')).toContainText('Chave do painel inválida');
    // The demo key no longer opens the UPA's panel: later specs ask a key of their own (filas-senhas).
    await tv.close();
  });
});

test.describe('SenhaSimples', () => {
  test('the popup asks, and posts the token to the registered origin only', async ({ page, signInWithUnit }) => {
    await signInWithUnit('recepcao', 'UPA 24h Municipal');
    const origem = new URL(page.url()).origin;
    // The opener: what the desk screen's useSenhaSimples does, with the messages kept for the test to read.
    const abrir = (uri: string) =>
      page.evaluate((u) => {
        const w = window as unknown as { recebidas: Array<{ origin: string; data: unknown }> };
        w.recebidas = [];
        window.addEventListener('message', (e) => w.recebidas.push({ origin: e.origin, data: e.data }));
        window.open(
          `/filas/senha_simples/autorizar?uri=${encodeURIComponent(u)}`,
          'senha_simples',
          'width=600,height=700',
        );
      }, uri);
    const recebidas = () =>
      page.evaluate(() => (window as unknown as { recebidas: Array<{ origin: string; data: unknown }> }).recebidas);

    const [popup] = await Promise.all([page.context().waitForEvent('page'), abrir(`${origem}/filas/chamadas`)]);
    await expect(popup.getByText('Autorizar o acesso do SenhaSimples às senhas da unidade')).toBeVisible();
    await expect(popup.getByText('UPA 24h Municipal')).toBeVisible();
    await expectAccessible(popup, 'popup do SenhaSimples');
    await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Autorizar' }).click()]);
    await expect.poll(async () => (await recebidas()).length).toBe(1);
    const [msg] = await recebidas();
    expect(msg!.origin).toBe(origem);
    const { token } = msg!.data as { source: string; token: string };
    expect(msg!.data).toMatchObject({ source: 'senha_simples', token: expect.any(String) });
    // The token reaches the queue routes only.
    const me = await page.request.get('/api/v2/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(403);

    // An unregistered callback: the popup refuses and answers that origin only — nothing reaches this opener.
    const [outro] = await Promise.all([
      page.context().waitForEvent('page'),
      abrir('https://malicioso.exemplo.com/filas/chamadas'),
    ]);
    await outro.waitForEvent('close');
    expect(await recebidas()).toEqual([]);
  });
});
