import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '@saude/shared';
import { BASE_PATH } from './api';
import { CadastroDomiciliarDetalhesPage } from './CadastroDomiciliarDetalhesPage';
import { CadastroDomiciliarFormPage, CadastroDomiciliarIdentificacaoTab } from './CadastroDomiciliarFormPage';
import { FALHAS_LOCALIZACAO } from './Coordenadas';
import { domicilioDe, DOMICILIO_ID, fakeApi } from './testUtils';
import { renderRoutes } from '../../../test/render';

// The home's coordinates on the household form (issue 18): typed with a comma, or from the browser's geolocation.
const rotas = [
  { path: `${BASE_PATH}/:id/detalhes`, element: <CadastroDomiciliarDetalhesPage /> },
  {
    path: `${BASE_PATH}/:id/edit`,
    element: <CadastroDomiciliarFormPage />,
    children: [{ index: true, element: <CadastroDomiciliarIdentificacaoTab /> }],
  },
];
const URL_DOMICILIO = `/api/v1/atencao_primaria/cadastros_domiciliares/${DOMICILIO_ID}`;

/** navigator.geolocation answering with `resposta` (a position, or an error code as GeolocationPositionError). */
function geolocalizacao(resposta: { latitude: number; longitude: number; accuracy: number } | { code: number }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, falha?: PositionErrorCallback | null) => {
    if ('code' in resposta) falha?.({ code: resposta.code, message: '' } as GeolocationPositionError);
    else ok({ coords: resposta, timestamp: Date.now() } as unknown as GeolocationPosition);
  });
  definirGeolocalizacao({ getCurrentPosition });
  return getCurrentPosition;
}
// jsdom has no geolocation: the test defines it on the real navigator and takes it away after.
const definirGeolocalizacao = (value: unknown) =>
  Object.defineProperty(navigator, 'geolocation', { value, configurable: true });

async function abrirEdicao() {
  const api = fakeApi({
    [`GET ${URL_DOMICILIO}`]: { body: domicilioDe() },
    [`PUT ${URL_DOMICILIO}`]: ({ body }) => ({ body: domicilioDe({ ...(body as object), lock_version: 3 }) }),
  });
  const r = renderRoutes(rotas, `${BASE_PATH}/${DOMICILIO_ID}/edit`);
  await screen.findByRole('tab', { name: 'Identificação', selected: true });
  return { ...api, ...r };
}
const latitude = () => screen.getByRole('textbox', { name: 'Latitude' });
const longitude = () => screen.getByRole('textbox', { name: 'Longitude' });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('household coordinates', () => {
  it("'Usar minha localização' fills both fields from the device, rounded to 6 decimals, and saves them", async () => {
    const pedir = geolocalizacao({ latitude: -15.79388912, longitude: -47.88277849, accuracy: 7.6 });
    const { user, chamadas, router } = await abrirEdicao();
    await user.click(screen.getByRole('button', { name: 'Usar minha localização' }));
    expect(pedir).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      expect.objectContaining({ enableHighAccuracy: true }),
    );
    await waitFor(() => expect(latitude()).toHaveValue('-15,793889'));
    expect(longitude()).toHaveValue('-47,882778');
    expect(screen.getByRole('status')).toHaveTextContent('precisão de cerca de 8 m');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${DOMICILIO_ID}/detalhes`));
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toMatchObject({
      latitude: -15.793889,
      longitude: -47.882778,
    });
    // The read view shows the pair the pt-BR way.
    expect(await screen.findByText('-15,793889; -47,882778')).toBeInTheDocument();
  });

  it('says in pt-BR why there is no position: denied, no signal, too slow, or no geolocation at all', async () => {
    geolocalizacao({ code: 1 });
    const { user } = await abrirEdicao();
    const botao = screen.getByRole('button', { name: 'Usar minha localização' });
    await user.click(botao);
    expect(await screen.findByRole('alert')).toHaveTextContent(FALHAS_LOCALIZACAO.negada);
    expect(latitude()).toHaveValue('');

    geolocalizacao({ code: 2 });
    await user.click(botao);
    expect(await screen.findByText(FALHAS_LOCALIZACAO.semSinal)).toBeInTheDocument();
    geolocalizacao({ code: 3 });
    await user.click(botao);
    expect(await screen.findByText(FALHAS_LOCALIZACAO.demorou)).toBeInTheDocument();

    definirGeolocalizacao(undefined);
    await user.click(botao);
    expect(await screen.findByText(FALHAS_LOCALIZACAO.indisponivel)).toBeInTheDocument();
  });

  it('takes a typed decimal comma, and refuses one coordinate without the other with the shared message', async () => {
    const { user, chamadas } = await abrirEdicao();
    await user.type(latitude(), '-15,8');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`Longitude ${msg.coordenadaSemPar('latitude')}`)).toBeInTheDocument();
    expect(chamadas.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(longitude(), '-47,9');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(chamadas.find((c) => c.method === 'PUT')?.body).toMatchObject({ latitude: -15.8, longitude: -47.9 }),
    );
  });
});
