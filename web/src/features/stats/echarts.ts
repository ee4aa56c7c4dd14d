/**
 * The part of Apache ECharts the charts use, imported by module (line, bar and pie charts; axes, tooltips, legends and
 * zoom; the SVG renderer). StatChart imports this file dynamically, so ECharts is a chunk of its own, fetched when a
 * statistics screen or a dynamic report first draws a chart: never with the sign-in page, the portal or an admin list.
 */
import { init, use as register } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

register([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, SVGRenderer]);

export { init };
