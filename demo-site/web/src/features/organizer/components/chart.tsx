import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { useText } from '../texts';

// Only the pieces the dashboard draws: the rest of Chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Tooltip, Legend);

const css = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * A Chart.js chart on a canvas, with a text summary beside it for screen readers (`label`): a person who
 * cannot see the bars gets the figures.
 */
export function ChartCanvas({ config, label, height = 240 }: { config: ChartConfiguration; label: string; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { language } = useText();
  useEffect(() => {
    if (!canvas.current) return;
    Chart.defaults.locale = language === 'en' ? 'en-GB' : 'ru-RU';
    Chart.defaults.color = css('--muted', '#5a606b');
    Chart.defaults.borderColor = css('--border', '#d3d7de');
    Chart.defaults.font.family = getComputedStyle(document.documentElement).fontFamily;
    const chart = new Chart(canvas.current, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options },
    });
    return () => chart.destroy();
  }, [config, language]);
  return (
    <div className="org-chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

export const palette = ['#c8050f', '#1756d6', '#1b7f3b', '#b45309', '#7c3aed', '#0f766e', '#be185d', '#4b5563'];
