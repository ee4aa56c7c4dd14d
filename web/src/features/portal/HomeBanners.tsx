import { Carousel, Grid } from 'antd';
import type { HomeBanner } from '../../api/portal';
import { useReducedMotion } from '../../lib/useReducedMotion';
import ConfiguredLink from './ConfiguredLink';
import styles from './portal.module.css';

/** The home page's banner carousel (a chunk of its own: react-slick is large). */
export default function Banners({ banners }: { banners: HomeBanner[] }) {
  const screens = Grid.useBreakpoint();
  // no autoplay for someone who asked for less motion: the arrows and dots still change the slide
  const still = useReducedMotion();
  return (
    <div className={styles.carousel} data-testid="home-banners">
      <Carousel autoplay={still ? false : { dotDuration: true }} autoplaySpeed={5000} arrows={!!screens.md && banners.length > 1} dots={banners.length > 1}>
        {banners.map((b) => (
          <div key={b.id}>
            <ConfiguredLink url={b.linkUrl} className={styles.slide} label={b.title} testId={`banner-${b.id}`}>
              <img src={b.imageUrl} alt={b.title} draggable={false} />
              {b.title && <span className={styles.slideTitle}>{b.title}</span>}
            </ConfiguredLink>
          </div>
        ))}
      </Carousel>
    </div>
  );
}

