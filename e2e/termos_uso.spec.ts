// Terms of use (issue 21, spec §2): `admin` is refused a draft with no title, writes a version and publishes it
// (after the confirmation); `acs`, going to /termos_uso, signs in through the screen and is stopped at the acceptance
// screen, cannot open another page, accepts and lands where they were going; admin sees acs in the version's
// acceptances. axe on each screen; screenshots at 1400×900 and 800×1280.
// The published version STAYS (a published version is frozen, never deleted): the sign-in helpers of fixtures.ts
// accept it for every later spec's users.
// Run: npm run build && E2E_PORT=3222 npx playwright test e2e/termos_uso.spec.ts
import { msg } from '@saude/shared/messages';
import { unico } from './dados';
import { chooseUnit, expect, expectAccessible, fillLogin, fotografar, test } from './fixtures';

test('admin publishes a version; acs must accept it before anything else, then goes on', async ({
  page,
  signInWithUnit,
}) => {
  const titulo = `Termos de uso ${unico()}`;
  let id = '';

  await test.step('admin writes a draft with the toolbar and publishes it after confirming', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signInWithUnit('admin');
    await page.goto('/termos_uso');
    await expect(page.getByRole('heading', { name: 'Termos de uso', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Nova versão' }).click();
    // A draft with no title is refused on the field and stays unsaved.
    const texto = page.getByRole('textbox', { name: /^Texto \(HTML\)/ });
    await texto.fill('<p>Rascunho</p>');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('textbox', { name: /^Título/ })).toHaveAccessibleDescription(
      /Não pode ficar em branco/,
    );
    await expect(page).toHaveURL(/\/termos_uso\/new$/);
    await expectAccessible(page, 'formulário de termos de uso com erro');
    await page.getByRole('textbox', { name: /^Título/ }).fill(titulo);
    await texto.fill('Uso do sistema');
    await texto.selectText();
    await page
      .getByRole('toolbar', { name: 'Formatação do texto' })
      .getByRole('button', { name: 'Título', exact: true })
      .click();
    await expect(texto).toHaveValue('<h2>Uso do sistema</h2>');
    // Issue 39: typed HTML never reaches a browser parser, so an <img onerror> is not even tried (CSP would report it).
    const bloqueios: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) bloqueios.push(m.text());
    });
    await texto.press('End');
    await texto.pressSequentially(
      '<p>Os dados dos munícipes são sigilosos (LGPD).</p><script>alert(1)</script><img src=x onerror=alert(1)>' +
        '<p>Leia a <a href="https://www.gov.br/anpd">lei completa</a> antes de aceitar.</p>',
    );
    // The preview draws the allowed tags only.
    await expect(page.getByRole('heading', { name: 'Uso do sistema', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'lei completa' })).toBeVisible();
    await expect(page.locator('img[src="x"], [onerror]')).toHaveCount(0);
    expect(bloqueios).toEqual([]);
    await expectAccessible(page, 'formulário de termos de uso');
    await fotografar(page, 'termos_uso-form-1400');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/termos_uso\/[0-9a-f-]{36}\/edit$/);
    id = /termos_uso\/([0-9a-f-]{36})\/edit/.exec(page.url())![1]!;
    await page.getByRole('button', { name: 'Publicar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Publicar versão' });
    await expect(dialogo.getByText(msg.termoConfirmarPublicacao)).toBeVisible();
    await expectAccessible(page, 'confirmação de publicação');
    await dialogo.getByRole('button', { name: 'Sim, publicar' }).click();
    // The publisher is gated like everyone (the shell's next call is refused and the page goes to the acceptance):
    // accepts on screen and comes back to the version, now read-only.
    await expect(page).toHaveURL(/\/termos_uso\/aceite\?retorno=/);
    await page.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }).check();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    await expect(page).toHaveURL(new RegExp(`/termos_uso/${id}/edit$`));
    await expect(page.getByRole('textbox', { name: /^Título/ })).toHaveCount(0);
  });

  await test.step('acs signs in on screen and is sent to the acceptance before anything else', async () => {
    await page.evaluate(() => localStorage.removeItem('saude.token'));
    await page.goto('/termos_uso');
    await expect(page).toHaveURL(/\/login/);
    await fillLogin(page, 'acs', 'saude123');
    await expect(page).toHaveURL(/\/termos_uso\/aceite\?retorno=%2Ftermos_uso$/);
    await expect(page.getByRole('heading', { name: titulo, level: 1 })).toBeVisible();
    await expect(page.getByText('Os dados dos munícipes são sigilosos (LGPD).')).toBeVisible();
    // Spec §9's long date 'dd MMMM yyyy' for the publication (issue 39).
    await expect(page.getByText(/^Versão \d+, publicada em \d{2} \p{L}+ \d{4}\./u)).toBeVisible();
    await expect(page.locator('script:not([src])', { hasText: 'alert(1)' })).toHaveCount(0);
    // A link inside the text is underlined: axe's link-in-text-block (issue 39) is checked with one in it.
    await expect(page.getByRole('link', { name: 'lei completa' })).toHaveCSS('text-decoration-line', 'underline');
    await expectAccessible(page, 'aceite dos termos de uso');
    await fotografar(page, 'termos_uso-aceite-1400');
    await page.setViewportSize({ width: 800, height: 1280 });
    await fotografar(page, 'termos_uso-aceite-800');

    // Another page: back here.
    await page.goto('/municipes');
    await expect(page).toHaveURL(/\/termos_uso\/aceite\?retorno=%2Fmunicipes$/);
    await page.goto('/termos_uso/aceite?retorno=%2Ftermos_uso');
    // Not without ticking the box.
    await page.getByRole('button', { name: 'Aceitar' }).click();
    await expect(page.getByText(msg.termoAceiteObrigatorio)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }).check();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    // acs works in several units: the unit comes next, then where they were going.
    await chooseUnit(page, 'UBS Centro');
    await expect(page).toHaveURL(/\/termos_uso$/);
    await expect(page.getByRole('heading', { name: 'Termos de uso', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: titulo })).toBeVisible();
  });

  await test.step('admin sees acs in the version’s acceptances', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    // signInWithUnit accepts the version for admin (the publisher is gated like everyone).
    await signInWithUnit('admin');
    await page.goto(`/termos_uso/${id}/edit`);
    const aceites = page.getByRole('table', { name: 'Aceites desta versão' });
    await expect(aceites.getByRole('row').filter({ hasText: 'acs' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Título/ })).toHaveCount(0);
    await expectAccessible(page, 'versão publicada com aceites');
    await fotografar(page, 'termos_uso-publicada-1400');
    await page.setViewportSize({ width: 800, height: 1280 });
    await fotografar(page, 'termos_uso-publicada-800');
  });
});
