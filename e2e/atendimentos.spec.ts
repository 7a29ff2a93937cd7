// Urgent-care reception (issue 16) as `recepcao` at the UPA: registers an arrival by ambulance with a companion from
// the list's citizen search (a blank required field and a future date refused first), calls it, cancels another with
// a justification and sees it struck through; enters a retroactive visit. Every screen opened passes axe. Pictures of
// the list, the form and the detail at 1400 px and 800×1280 go to .screenshots/. Citizens are made through the API,
// unique per attempt. Run: npm run build && E2E_PORT=3126 npx playwright test e2e/atendimentos.spec.ts
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { msg } from '@saude/shared/messages';
import { novoCns, novoCpf, unico } from './dados';
import { type Api, expect, expectAccessible, SCREENSHOTS, test, fotografar } from './fixtures';

const LISTA = '/urgencia_emergencia/atendimentos';
const LISTA_RETRO = '/urgencia_emergencia/atendimentos_retroativos';

// axe on every screen: on a busy 2-core machine a check takes seconds.
test.describe.configure({ timeout: 180_000 });
mkdirSync(SCREENSHOTS, { recursive: true });

type Municipe = { id: string; nome: string };

/** A citizen with unique name and documents (made by the manager in a primary-care unit). */
async function novoMunicipe(api: Api): Promise<Municipe> {
  const nome = `Chegada ${unico()} ${unico()}`;
  const res = await api.post('/api/v1/municipes', {
    data: {
      nome,
      data_nascimento: '1975-03-14',
      sexo_id: 1,
      cpf_numero: novoCpf(),
      codigo_cns: novoCns(),
      telefones: { celular: '61991837465' },
      confirmar_duplicados: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Municipe;
}

/** 'dd/MM/yyyy' of today plus `dias` in São Paulo (the browser's zone in these tests). */
const diaBr = (dias: number) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + dias * 86_400_000));

/** The screen's picture, named by this spec and the viewport's width. */
const foto = (page: Page, nome: string) => fotografar(page, `atendimentos-${nome}-${page.viewportSize()?.width ?? 0}`);

async function escolher(page: Page, campo: string | RegExp, opcao: string) {
  await page.getByRole('combobox', { name: campo }).click();
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

async function responder(page: Page, nome: string, resposta: 'Sim' | 'Não') {
  // Mantine's segmented control hides the radio input under its label: click the label as a person would.
  await page.getByRole('radiogroup', { name: nome }).getByText(resposta, { exact: true }).click();
  await expect(page.getByRole('radiogroup', { name: nome }).getByRole('radio', { name: resposta })).toBeChecked();
}

/** Picks the citizen in the list's "Registrar chegada" search: their arrival form opens. */
async function registrarChegada(page: Page, campo: string, m: Municipe) {
  const busca = page.getByRole('combobox', { name: campo });
  await busca.fill(m.nome.split(' ').slice(1).join(' '));
  await page.getByRole('option', { name: new RegExp(`^${m.nome}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/${m.id}/chamar$`));
}

test('reception: an arrival by ambulance with a companion, called; another cancelled and struck through', async ({
  page,
  signInWithUnit,
  apiAs,
}) => {
  const gestora = await apiAs('admin', { unidade: 'UBS Centro' });
  const [ana, bruno] = [await novoMunicipe(gestora), await novoMunicipe(gestora)];
  await signInWithUnit('recepcao');

  await test.step('the reception list opens on today', async () => {
    await page.goto(LISTA);
    await expect(page.getByRole('heading', { name: 'Recepção', level: 1 })).toBeVisible();
    await expect(page.getByText('Chegadas de hoje.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Registrar chegada' })).toBeVisible();
    await expectAccessible(page, 'recepção');
    await foto(page, 'lista');
  });

  await test.step('the arrival form refuses a blank arrival type and a future date', async () => {
    await registrarChegada(page, 'Registrar chegada', ana);
    await expect(page.getByRole('heading', { name: 'Registrar chegada', level: 1 })).toBeVisible();
    await expect(page.getByText(ana.nome)).toBeVisible();
    await expectAccessible(page, 'formulário de chegada');
    await foto(page, 'formulario');
    await page.getByRole('button', { name: 'Registrar chegada' }).click();
    await expect(page.getByText('Não pode ficar em branco').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Tipo de chegada/ })).toHaveAttribute('aria-invalid', 'true');
    const data = page.getByRole('textbox', { name: /Data de chegada/ });
    await data.fill(diaBr(1));
    await data.blur();
    await expect(page.getByText(msg.dataFutura).first()).toBeVisible();
    await expectAccessible(page, 'formulário de chegada com erros');
    await data.fill(diaBr(0));
  });

  await test.step('an arrival by the SAMU with a companion is registered and opens its detail', async () => {
    await escolher(page, /Tipo de chegada/, 'Ambulância do SAMU');
    await page.getByRole('textbox', { name: /Placa do veículo/ }).fill('QXA4B21');
    await page.getByRole('textbox', { name: /^Senha/ }).fill('P901');
    await responder(page, 'Possui acompanhante', 'Sim');
    await page.getByRole('textbox', { name: /Nome do acompanhante/ }).fill('Rosa Pereira Lima');
    await escolher(page, /^Parentesco/, 'Filho(a)');
    await page.getByRole('textbox', { name: /Telefone do acompanhante/ }).fill('61991234876');
    await page.getByRole('button', { name: 'Registrar chegada' }).click();
    await expect(page).toHaveURL(/\/urgencia_emergencia\/atendimentos\/[0-9a-f-]+\/show$/);
    await expect(page.getByRole('heading', { name: `Atendimento · ${ana.nome}` })).toBeVisible();
    await expect(page.getByText('Ambulância do SAMU')).toBeVisible();
    await expect(page.getByText('Rosa Pereira Lima')).toBeVisible();
    await expect(page.getByText('(61) 99123-4876')).toBeVisible();
    await expectAccessible(page, 'detalhe do atendimento');
    await foto(page, 'detalhe');
  });

  await test.step('the patient is called: status, who and when in the history', async () => {
    await page.getByRole('button', { name: 'Chamar', exact: true }).click();
    await expect(page.getByText('Chamado', { exact: true })).toBeVisible();
    const historico = page.getByRole('region', { name: 'Histórico' });
    await expect(historico).toContainText('Paciente chamado');
    await expect(historico).toContainText('Recepcionista de Demonstração');
  });

  await test.step('another arrival is called from the list, then cancelled with a justification', async () => {
    const recepcao = await apiAs('recepcao');
    const res = await recepcao.post(`/api/v1${LISTA}`, { data: { municipe_id: bruno.id, tipo_chegada_id: 1 } });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto(LISTA);
    const linha = page.getByRole('row').filter({ hasText: bruno.nome });
    await linha.getByRole('button', { name: `Chamar ${bruno.nome}` }).click();
    await expect(linha.getByText('Chamado', { exact: true })).toBeVisible();
    await linha.getByRole('link', { name: new RegExp(bruno.nome) }).click();
    await expect(page.getByRole('heading', { name: `Atendimento · ${bruno.nome}` })).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar atendimento' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Cancelar atendimento' });
    await dialogo.getByRole('textbox', { name: /Justificativa/ }).fill('desistiu');
    await dialogo.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(dialogo.getByText('deve conter pelo menos 10 caracteres')).toBeVisible();
    await expectAccessible(page, 'cancelamento com erro');
    await dialogo.getByRole('textbox', { name: /Justificativa/ }).fill('Paciente desistiu e deixou a unidade');
    await dialogo.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(dialogo).toBeHidden();
    await expect(
      page
        .getByRole('alert')
        .or(page.getByText('Atendimento cancelado', { exact: true }))
        .first(),
    ).toBeVisible();
    await expect(page.getByText(/Justificativa: Paciente desistiu e deixou a unidade/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Chamar/ })).toHaveCount(0);
    await page.goto(LISTA);
    const riscada = page.getByRole('row').filter({ hasText: bruno.nome });
    await expect(riscada.getByText('Cancelado', { exact: true })).toBeVisible();
    await expect(riscada.getByText(bruno.nome, { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
    await expect(riscada.getByRole('button', { name: /^Chamar/ })).toHaveCount(0);
    await expectAccessible(page, 'recepção com cancelado');
  });

  await test.step('the patient filter finds the arrivals of one person', async () => {
    const filtro = page.getByRole('textbox', { name: 'Paciente' });
    await filtro.fill(bruno.nome.split(' ').slice(1).join(' ').toUpperCase());
    await filtro.press('Enter');
    await expect(page).toHaveURL(/paciente=/);
    await expect(page.getByRole('row').filter({ hasText: bruno.nome })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: ana.nome })).toHaveCount(0);
    await expectAccessible(page, 'recepção filtrada por paciente');
  });
});

test('retroactive visit: the past arrival and the late-entry reason are asked, then listed apart', async ({
  page,
  signInWithUnit,
  apiAs,
}) => {
  const carla = await novoMunicipe(await apiAs('admin', { unidade: 'UBS Centro' }));
  await signInWithUnit('recepcao');
  await page.goto(LISTA_RETRO);
  await expect(page.getByRole('heading', { name: 'Atendimentos retroativos', level: 1 })).toBeVisible();
  await expectAccessible(page, 'atendimentos retroativos');

  await registrarChegada(page, 'Registrar atendimento retroativo', carla);
  await expect(page.getByRole('heading', { name: 'Registrar atendimento retroativo', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Data de chegada/ })).toHaveValue('');
  await escolher(page, /Tipo de chegada/, 'Meios próprios');
  await page.getByRole('button', { name: 'Registrar chegada' }).click();
  await expect(page.getByRole('textbox', { name: /Data de chegada/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: /Motivo do registro retroativo/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectAccessible(page, 'formulário retroativo com erros');

  await page.getByRole('textbox', { name: /Data de chegada/ }).fill(diaBr(-1));
  await page.getByRole('textbox', { name: /Hora de chegada/ }).fill('0830');
  await page
    .getByRole('textbox', { name: /Motivo do registro retroativo/ })
    .fill('Sistema fora do ar durante a madrugada; ficha de papel.');
  await page.getByRole('button', { name: 'Registrar chegada' }).click();
  await expect(page).toHaveURL(/\/urgencia_emergencia\/atendimentos_retroativos\/[0-9a-f-]+\/show$/);
  await expect(page.getByRole('heading', { name: `Atendimento retroativo · ${carla.nome}` })).toBeVisible();
  await expect(page.getByText(`${diaBr(-1)} 08:30`)).toBeVisible();
  await expect(page.getByText('Sistema fora do ar durante a madrugada; ficha de papel.')).toBeVisible();
  await expectAccessible(page, 'detalhe retroativo');

  await page.goto(LISTA_RETRO);
  await expect(page.getByRole('row').filter({ hasText: carla.nome })).toBeVisible();
  // Not among the reception's arrivals of today.
  await page.goto(LISTA);
  await expect(page.getByRole('heading', { name: 'Recepção', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: carla.nome })).toHaveCount(0);
});

test('the reception screens on a tablet (800×1280)', async ({ page, signInWithUnit, apiAs }) => {
  await page.setViewportSize({ width: 800, height: 1280 });
  const davi = await novoMunicipe(await apiAs('admin', { unidade: 'UBS Centro' }));
  const recepcao = await apiAs('recepcao');
  const res = await recepcao.post(`/api/v1${LISTA}`, {
    data: { municipe_id: davi.id, tipo_chegada_id: 2, placa_veiculo: 'QXA4B21', senha: 'P902' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await signInWithUnit('recepcao');
  await page.goto(LISTA);
  await expect(page.getByRole('row').filter({ hasText: davi.nome })).toBeVisible();
  await expectAccessible(page, 'recepção no tablet');
  await foto(page, 'lista');
  await page.goto(`${LISTA}/${davi.id}/chamar`);
  await expect(page.getByRole('heading', { name: 'Registrar chegada', level: 1 })).toBeVisible();
  await expectAccessible(page, 'formulário no tablet');
  await foto(page, 'formulario');
  await page.goto(`${LISTA}/${id}/show`);
  await expect(page.getByRole('heading', { name: `Atendimento · ${davi.nome}` })).toBeVisible();
  await expectAccessible(page, 'detalhe no tablet');
  await foto(page, 'detalhe');
});

test('a visit is edited, called ("chamada"), started and concluded; then closed to edits (issue 39)', async ({
  page,
  signInWithUnit,
  apiAs,
}) => {
  const eva = await novoMunicipe(await apiAs('admin', { unidade: 'UBS Centro' }));
  const recepcao = await apiAs('recepcao');
  // A ticket typed in lower case is kept as printed on it: upper case.
  const res = await recepcao.post(`/api/v1${LISTA}`, {
    data: { municipe_id: eva.id, tipo_chegada_id: 1, senha: 'n905' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await signInWithUnit('recepcao');
  await page.goto(`${LISTA}/${id}/show`);
  const titulo = page.getByRole('heading', { name: `Atendimento · ${eva.nome}` });
  await expect(titulo).toBeVisible();
  await expect(page.getByText('N905', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(new RegExp(`${LISTA}/${id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: `Editar atendimento · ${eva.nome}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Senha' })).toHaveValue('N905');
  await page.getByRole('textbox', { name: 'Convênio' }).fill('Plano Municipal');
  await expectAccessible(page, 'edição do atendimento');
  for (const largura of [1400, 800]) {
    await page.setViewportSize(largura === 800 ? { width: 800, height: 1280 } : { width: 1400, height: 900 });
    await foto(page, 'edicao');
  }
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(titulo).toBeVisible();
  await expect(page.getByText('Plano Municipal')).toBeVisible();

  // The call says "chamada" for a woman.
  await page.getByRole('button', { name: 'Chamar', exact: true }).click();
  await expect(page.getByText(`${eva.nome} foi chamada.`)).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar atendimento' }).click();
  await expect(page.getByText('Em atendimento', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Concluir atendimento' }).click();
  await expect(page.getByText('Concluído', { exact: true })).toBeVisible();
  const historico = page.getByRole('region', { name: 'Histórico' });
  await expect(historico).toContainText('Atendimento iniciado');
  await expect(historico).toContainText('Atendimento concluído');
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await expectAccessible(page, 'atendimento concluído');
  // The edit address of a concluded visit says why it cannot be edited.
  await page.goto(`${LISTA}/${id}/edit`);
  await expect(page.getByRole('alert')).toContainText('não pode ser alterado');
  await expectAccessible(page, 'edição de atendimento concluído');
});
