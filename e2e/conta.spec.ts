import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, expectAccessible, fillLogin, test } from './fixtures';

const AVISO_DEMO = 'Demonstração — não use com dados reais';

test('the demo says it is a demo on the sign-in page and in the top bar', async ({ page, signInAs }) => {
  await page.goto('/login');
  await expect(page.getByRole('note')).toHaveText(AVISO_DEMO);
  await signInAs('medico');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, Médico');
  await expect(page.getByRole('banner').getByText(AVISO_DEMO)).toBeVisible();
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

// A municipality's first start: DEMO=false on an empty database, as on PostgreSQL. A server of its own, so the
// suite's demo server stays as it is.
test.describe('first start without the demo', () => {
  let server: ChildProcess | undefined;
  let dataDir: string;
  let baseURL: string;
  let senhaProvisoria: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(join(tmpdir(), 'saude-e2e-primeiro-'));
    const port = await freePort();
    baseURL = `http://localhost:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: 'false', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    // What the operator reads on the console: the one-time password, then the address.
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Saúde Municipal em http://')) resolve();
      });
      server!.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      server!.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
    });
    senhaProvisoria = /senha provisória: (\S+)/.exec(out)?.[1] ?? '';
    expect(senhaProvisoria, out).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(out).toContain('login: gestor');
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the manager signs in with the one-time password and must choose a new one first', async ({ page }) => {
    test.slow();
    await test.step('The sign-in page has no demo warning', async () => {
      await page.goto(`${baseURL}/login`);
      await expect(page.getByRole('textbox', { name: 'Login', exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Secretaria Municipal de Saúde');
      await expect(page.getByRole('note')).toHaveCount(0);
    });
    await test.step('Signing in with the one-time password leads straight to "Defina uma nova senha"', async () => {
      await fillLogin(page, 'gestor', senhaProvisoria);
      await expect(page).toHaveURL(/\/login\/nova_senha$/);
      await expect(page.getByRole('heading', { name: 'Defina uma nova senha' })).toBeVisible();
      // Nothing else opens until then.
      await page.goto(`${baseURL}/municipes`);
      await expect(page).toHaveURL(/\/login\/nova_senha\?retorno=%2Fmunicipes$/);
    });
    const form = page.getByRole('main');
    await test.step('A common password is refused on the field', async () => {
      await form.getByRole('textbox', { name: 'Senha provisória', exact: true }).fill(senhaProvisoria);
      await form.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('password123');
      await form.getByRole('textbox', { name: 'Confirmação da nova senha', exact: true }).fill('password123');
      await form.getByRole('button', { name: 'Salvar nova senha' }).click();
      await expect(form.getByText('é uma das senhas mais usadas e fáceis de adivinhar; escolha outra')).toBeVisible();
      await expect(page.locator('h1')).toHaveCount(1);
      await expectAccessible(page, '/login/nova_senha com erro');
    });
    await test.step('A good one is saved and the manager goes where they were going', async () => {
      await form.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('ipê amarelo na praça');
      await form.getByRole('textbox', { name: 'Confirmação da nova senha', exact: true }).fill('ipê amarelo na praça');
      await form.getByRole('button', { name: 'Salvar nova senha' }).click();
      await expect(page).toHaveURL(/\/municipes$/);
      await expect(page.getByRole('banner')).toContainText('Secretaria Municipal de Saúde');
      await expect(page.getByRole('banner').getByText(AVISO_DEMO)).toHaveCount(0);
    });
    await test.step('The one-time password no longer signs in; the new one does', async () => {
      await page.getByRole('button', { name: /minha conta$/ }).click();
      await page.getByRole('menuitem', { name: 'Sair' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await fillLogin(page, 'gestor', senhaProvisoria);
      await expect(page.getByRole('alert')).toHaveText('Login ou senha inválidos.');
      await fillLogin(page, 'gestor', 'ipê amarelo na praça');
      await expect(page).toHaveURL(`${baseURL}/`);
    });
  });
});
