// The campaign banner (spec §3): title (objetivo), subtitle (descricao), both colours, the image or a default icon.
// Home shows the theme in force; the form shows it live as a preview.
import { textoPorLuminancia } from '@saude/shared/cores';
import type { TemaAtual } from '@saude/shared/tema_atual';
import { iconeDe } from './icones';
import classes from './tema.module.css';

/** What the banner draws of a theme: the one in force (tema_atual) or the form's live values. */
export type BannerTema = Pick<
  TemaAtual,
  'objetivo' | 'descricao' | 'cor_primaria' | 'cor_secundaria' | 'imagem_base64' | 'icon'
>;

export function TemaBanner({ tema, titulo = 'p' }: { tema: BannerTema; titulo?: 'h2' | 'p' }) {
  const Icone = iconeDe(tema.icon);
  const Titulo = titulo;
  return (
    <section
      className={classes.banner}
      aria-label="Campanha"
      data-testid="tema-banner"
      style={{ background: tema.cor_primaria, color: textoPorLuminancia(tema.cor_primaria) }}
    >
      <div
        className={classes.marca}
        style={{ background: tema.cor_secundaria, color: textoPorLuminancia(tema.cor_secundaria) }}
      >
        {tema.imagem_base64 ? (
          <img src={tema.imagem_base64} alt="" className={classes.imagem} />
        ) : (
          <Icone size={44} aria-hidden />
        )}
      </div>
      <div className={classes.textos}>
        <Titulo className={classes.titulo}>{tema.objetivo || 'Título da campanha'}</Titulo>
        {tema.descricao && <p className={classes.subtitulo}>{tema.descricao}</p>}
      </div>
    </section>
  );
}
