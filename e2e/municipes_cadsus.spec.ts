import { iniciarCadsusStandIn, type CadsusStandIn } from '../apps/api/src/test/cadsus-standin';
import { novaPessoa, novoCns, novoCpf, unico, type Pessoa } from './dados';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, fotografar, test } from './fixtures';

// Issue 24: "Buscar no CADSUS" on the citizen form, against a stand-in of the national registry's PDQ service started
// here. The suite's server points CADSUS_URL at this port (playwright.config.ts) and asks it only when the button is
// pressed. The suite's teardown checks the server's log for the people saved (personal data never in logs).
const CREDENCIAIS = { usuario: 'CADSUS.E2E', senha: 'senha-do-e2e' };

let cadsus: CadsusStandIn;

/** The screen at 1400 px and on an 800×1280 tablet, back to 1400 px after. */
async function fotografarNosDoisTamanhos(page: Page, nome: string) {
  await fotografar(page, nome);
  await page.setViewportSize({ width: 800, height: 1280 });
  await fotografar(page, `${nome}-tablet`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

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
    await fotografarNosDoisTamanhos(page, 'municipes_cadsus-preenchido');
  });

  await test.step('Nothing was saved until Salvar; then the record exists', async () => {
    expect(cadsus.pedidos.at(-1)).toContain(`extension="${cpf}"`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/municipes\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByRole('heading', { name: nome })).toBeVisible();
  });
});

// Issue 43: someone who knows neither CPF nor CNS is found by name and birth date; a homonym already registered here
// opens beside the registry's values, and only the fields the user ticks change, through the record's normal update.
test('reception finds people by name and takes chosen registry fields into a record already here', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  test.slow();
  const api = await apiAs('recepcao');
  const nome = `GENOVEVA HOMONIMA ${unico().toUpperCase()}`;
  const local = (await novaPessoa(api, nome)) as Pessoa & {
    cpf_numero: string;
    codigo_cns: string;
    data_nascimento: string;
  };
  const registro = (await (await api.get(`/api/v1/municipes/${local.id}`)).json()) as Record<string, unknown> & {
    lock_version: number;
    telefones: { celular: string | null };
  };
  // The registry knows her (same CNS) with her mother's name and another phone, and a homonym born the same day.
  cadsus.pessoas.set(local.codigo_cns, {
    nome,
    mae: 'FILOMENA DO CADSUS',
    nascimento: local.data_nascimento,
    sexo: 'F',
    cpf: local.cpf_numero,
    cns: [{ numero: local.codigo_cns, situacao: 'P' }],
    telefones: [{ valor: 'tel:+55-61-988887777', uso: 'MC' }],
  });
  const outraCns = novoCns();
  cadsus.pessoas.set(outraCns, {
    nome,
    mae: 'TEREZA HOMONIMA',
    nascimento: local.data_nascimento,
    sexo: 'F',
    cns: [{ numero: outraCns, situacao: 'P' }],
    endereco: {
      cep: '20010000',
      cidade: '330455',
      uf: 'RJ',
      tipo: '081',
      logradouro: 'DO OUVIDOR',
      numero: '1',
      bairro: 'CENTRO',
    },
  });
  const nascimento = local.data_nascimento.split('-').reverse().join('/');

  await signInWithUnit('recepcao');
  /** The registry list with its CADSUS box open. */
  const abrirLista = async () => {
    await page.goto('/municipes');
    await page.getByRole('button', { name: 'Buscar no CADSUS', expanded: false }).click();
  };
  await abrirLista();
  const porNome = page.getByRole('form', { name: 'Buscar no CADSUS pelo nome' });
  const nomeCampo = porNome.getByRole('textbox', { name: 'Nome completo' });
  const dataCampo = porNome.getByRole('textbox', { name: 'Data de nascimento' });
  const buscar = porNome.getByRole('button', { name: 'Buscar pelo nome' });

  await test.step('Without a name or with a future date, the fields say why and the registry is not asked', async () => {
    const antes = cadsus.pedidos.length;
    await buscar.click();
    await expect(porNome.getByText('Não pode ficar em branco').first()).toBeVisible();
    await nomeCampo.fill('JO');
    await dataCampo.fill('01/01/2999');
    await buscar.click();
    await expect(porNome.getByText('deve conter pelo menos 3 caracteres')).toBeVisible();
    await expect(porNome.getByText('não pode ser posterior à data atual').first()).toBeVisible();
    expect(cadsus.pedidos.length).toBe(antes);
  });

  await test.step('The registry unreachable: the screen says so, never "not authorized"', async () => {
    const fora = `FORA DO AR ${unico().toUpperCase()}`;
    cadsus.fora.add(fora);
    await nomeCampo.fill(fora);
    await dataCampo.fill(nascimento);
    await buscar.click();
    const aviso = page.getByRole('status').filter({ hasText: 'Consulta ao CADSUS indisponível' });
    await expect(aviso).toContainText('A consulta ao CADSUS está indisponível no momento.');
    await expect(page.getByText('Você não tem permissão', { exact: false })).toHaveCount(0);
  });

  const lista = page.getByRole('region', { name: 'Pessoas encontradas no CADSUS' });
  await test.step('Her name and birth date: two people, told apart by mother, city and masked documents', async () => {
    await nomeCampo.fill(nome.toLowerCase());
    await dataCampo.fill(nascimento);
    await buscar.click();
    await expect(lista.getByRole('article')).toHaveCount(2);
    await expect(lista).toContainText('2 pessoas encontradas no CADSUS');
    await expect(lista.getByRole('article').filter({ hasText: 'TEREZA HOMONIMA' })).toContainText('RIO DE JANEIRO/RJ');
    const dela = lista.getByRole('article').filter({ hasText: 'FILOMENA DO CADSUS' });
    await expect(dela).toContainText('Já cadastrado aqui');
    await expect(dela).toContainText(`***.${local.cpf_numero.slice(3, 6)}.${local.cpf_numero.slice(6, 9)}-**`);
    await expect(lista).not.toContainText(local.cpf_numero);
    await expectAccessible(page, '/municipes, candidatos do CADSUS');
    await fotografarNosDoisTamanhos(page, 'municipes_cadsus-candidatos');
  });

  const comparacao = page.getByRole('region', { name: 'Comparar com o CADSUS' });
  await test.step('Hers opens her record beside the registry, field by field, nothing changed yet', async () => {
    await lista.getByRole('button', { name: `Comparar com o cadastro: ${nome}` }).click();
    await expect(page).toHaveURL(new RegExp(`/municipes/${local.id}/edit$`));
    await expect(comparacao).toBeVisible();
    const maeLinha = comparacao.getByRole('row').filter({ hasText: 'Nome da mãe' });
    await expect(maeLinha).toContainText('FILOMENA DO CADSUS');
    await expect(comparacao.getByRole('row').filter({ hasText: 'Telefone celular' })).toContainText('(61) 98888-7777');
    await expect(page.getByRole('textbox', { name: /Nome da mãe/ })).toHaveValue('');
    await expectAccessible(page, '/municipes/:id/edit, comparação com o CADSUS');
    await fotografarNosDoisTamanhos(page, 'municipes_cadsus-comparacao');
  });

  await test.step("She takes the mother's name only; the phone stays ours", async () => {
    await comparacao.getByRole('checkbox', { name: 'Usar Nome da mãe do CADSUS' }).check();
    await comparacao.getByRole('button', { name: 'Trazer os campos marcados' }).click();
    await expect(comparacao).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /Nome da mãe/ })).toHaveValue('FILOMENA DO CADSUS');
    await expect(page.getByRole('status').filter({ hasText: 'Campos trazidos do CADSUS' })).toContainText(
      'Nome da mãe',
    );
  });

  await test.step('Someone else saved meanwhile: the save is refused, their edit is not lost', async () => {
    const outro = await api.put(`/api/v1/municipes/${local.id}`, {
      data: { ...registro, nome_social: 'GENA' },
    });
    expect(outro.status(), await outro.text()).toBe(200);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Este registro foi alterado por outra pessoa', { exact: false }).first()).toBeVisible();
    const agora = (await (await api.get(`/api/v1/municipes/${local.id}`)).json()) as {
      nome_mae: string | null;
      nome_social: string;
    };
    expect(agora.nome_social).toBe('GENA');
    expect(agora.nome_mae).toBeNull();
  });

  await test.step('Reloaded, compared again and saved: only the chosen field changed', async () => {
    await abrirLista();
    await nomeCampo.fill(nome);
    await dataCampo.fill(nascimento);
    await buscar.click();
    await lista.getByRole('button', { name: `Comparar com o cadastro: ${nome}` }).click();
    await comparacao.getByRole('checkbox', { name: 'Usar Nome da mãe do CADSUS' }).check();
    await comparacao.getByRole('button', { name: 'Trazer os campos marcados' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    const salvoAgora = async () =>
      ((await (await api.get(`/api/v1/municipes/${local.id}`)).json()) as { nome_mae: string | null }).nome_mae;
    await expect.poll(salvoAgora).toBe('FILOMENA DO CADSUS');
    const salvo = (await (await api.get(`/api/v1/municipes/${local.id}`)).json()) as {
      nome_mae: string;
      nome_social: string;
      telefones: { celular: string | null };
    };
    expect(salvo).toMatchObject({ nome_mae: 'FILOMENA DO CADSUS', nome_social: 'GENA' });
    expect(salvo.telefones.celular).toBe(registro.telefones.celular);
  });

  await test.step('The homonym opens a new citizen filled from the registry', async () => {
    await abrirLista();
    await nomeCampo.fill(nome);
    await dataCampo.fill(nascimento);
    await buscar.click();
    await lista.getByRole('button', { name: `Usar este cadastro: ${nome}` }).click();
    await expect(page).toHaveURL(/\/municipes\/new$/);
    await expect(page.getByRole('textbox', { name: /Nome da mãe/ })).toHaveValue('TEREZA HOMONIMA');
    expect(cadsus.pedidos.at(-1)).toContain(`extension="${outraCns}"`);
  });
});
