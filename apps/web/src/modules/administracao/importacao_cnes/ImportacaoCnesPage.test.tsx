import { screen, waitFor, within } from '@testing-library/react';
import type { ImportacaoCnes, PreviaCnes, ResumoCnes } from '@saude/shared/schemas/administracao_importacao_cnes';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http';
import { fakeApi, lista } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import type * as api from './api';
import { aplicarImportacao, gerarPrevia } from './api';
import { ImportacaoCnesPage, resumoTexto } from './ImportacaoCnesPage';

// The upload goes through XMLHttpRequest (progress); the test replaces the two senders and keeps the history's query.
vi.mock('./api', async (original) => ({
  ...(await original<typeof api>()),
  gerarPrevia: vi.fn(),
  aplicarImportacao: vi.fn(),
}));

const API = '/api/v1/administracao/importacao_cnes';
const PATH = '/administracao/importacao_cnes';
const zero = { criar: 0, atualizar: 0, desativar: 0 };
const resumo: ResumoCnes = {
  unidades: { ...zero, criar: 2 },
  equipes: { ...zero, criar: 2 },
  profissionais: { ...zero, criar: 3 },
  lotacoes: { ...zero, criar: 4 },
};
const previa: PreviaCnes = {
  arquivo_nome: 'cnes.xml',
  arquivo_sha256: 'a'.repeat(64),
  bytes: 1200,
  resumo,
  amostras: {
    unidades: [{ acao: 'criar', chave: '9100001', nome: 'UBS Jardim das Flores', campos: [] }],
    equipes: [],
    profissionais: [],
    lotacoes: [],
  },
  avisos: [],
  total_avisos: 0,
  sem_alteracoes: false,
};
const aplicada: ImportacaoCnes = {
  id: '0190a6d2-1c1e-7000-8000-0000000000c1',
  arquivo_nome: 'cnes.xml',
  arquivo_sha256: 'a'.repeat(64),
  resumo,
  profissional_nome: 'Gestora Teste',
  created_at: '2026-11-25T10:00:00.000Z',
  sem_alteracoes: false,
};

describe('ImportacaoCnesPage', { timeout: 60_000 }, () => {
  it('says what a count means in words, "Nenhuma alteração" when nothing changes', () => {
    expect(resumoTexto(resumo)).toBe('2 unidades, 2 equipes, 3 profissionais e 4 lotações a criar');
    expect(
      resumoTexto({
        ...resumo,
        unidades: zero,
        equipes: zero,
        lotacoes: zero,
        profissionais: { ...zero, desativar: 1 },
      }),
    ).toBe('1 profissional a desativar');
    expect(resumoTexto({ unidades: zero, equipes: zero, profissionais: zero, lotacoes: zero })).toBe(
      'Nenhuma alteração',
    );
  });

  it('shows the server refusal of a bad file, then the preview, applies after confirming and shows the result', async () => {
    let historico: ImportacaoCnes[] = [];
    fakeApi({ [`GET ${API}`]: () => lista(historico) }, { permissoes: ['administracao/importacao_cnes:index'] });
    vi.mocked(gerarPrevia)
      .mockRejectedValueOnce(new ApiError(422, 'Arquivo CNES inválido: XML malformado na linha 1, coluna 1'))
      .mockResolvedValueOnce(previa);
    vi.mocked(aplicarImportacao).mockImplementation(async () => {
      historico = [aplicada];
      return aplicada;
    });
    const { user } = renderRoutes([{ path: PATH, element: <ImportacaoCnesPage /> }], PATH);
    await screen.findByRole('heading', { name: 'Importação do CNES', level: 1 });
    expect(await screen.findByText('Nenhuma importação realizada.')).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;

    await user.upload(input, new File(['nome;cpf'], 'planilha.xml', { type: 'text/xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Arquivo CNES inválido: XML malformado na linha 1');

    const arquivo = new File(['<ImportarXMLCNES/>'], 'cnes.xml', { type: 'text/xml' });
    await user.upload(input, arquivo);
    await screen.findByRole('heading', { name: 'Prévia da importação' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('2 unidades, 2 equipes, 3 profissionais e 4 lotações a criar.')).toBeInTheDocument();
    const tabela = screen.getByRole('table', { name: 'Alterações por tipo de registro' });
    expect(
      within(within(tabela).getByRole('row', { name: /Profissionais/ })).getAllByRole('cell')[0],
    ).toHaveTextContent('3');
    expect(screen.getByText('UBS Jardim das Flores')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aplicar importação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aplicar importação do CNES?' });
    expect(aplicarImportacao).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Sim, aplicar' }));

    expect(await screen.findByText('Importação aplicada')).toBeInTheDocument();
    expect(aplicarImportacao).toHaveBeenCalledWith(arquivo, 'a'.repeat(64), expect.any(Function));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Importações anteriores' })).toHaveTextContent(
        'Registros criados: 2 unidades, 2 equipes, 3 profissionais e 4 lotações',
      ),
    );
  });
});
