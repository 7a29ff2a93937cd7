// Tab `visualizar_sociodemografica` of /municipes/{id}/edit: the sociodemographic answers, read-only (issue 5).
import type { Municipe, Sociodemografica } from '@saude/shared/schemas/municipe';
import { useMunicipeTab } from '../context';
import { useOcupacaoNome } from './comum';
import { BlocoLeitura, BlocoRespondido, RespostasSecao } from './partes';
import { perguntaResponsavelCrianca, socioSecao } from './perguntas';

export function VisualizarSociodemografica() {
  const { municipe, permissoes } = useMunicipeTab();
  return (
    <BlocoLeitura
      municipeId={municipe.id}
      bloco="sociodemografica"
      pode={permissoes.sociodemograficas.includes('show')}
    >
      {(b) => <SociodemograficaLeitura municipe={municipe} bloco={b} />}
    </BlocoLeitura>
  );
}

/** The answers as text, in the e-SUS order; details only when their question was answered "Sim". */
export function SociodemograficaLeitura({ municipe, bloco: b }: { municipe: Municipe; bloco: Sociodemografica }) {
  const ocupacao = useOcupacaoNome(b.ocupacao_id);
  return (
    <BlocoRespondido bloco={b}>
      <RespostasSecao
        secao={socioSecao}
        bloco={b}
        ocultas={perguntaResponsavelCrianca(municipe) ? [] : ['responsaveis_criancas']}
        valores={{ ocupacao_id: ocupacao }}
      />
    </BlocoRespondido>
  );
}
