import { chromium } from '@playwright/test';
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox']});
for (const vp of [{width:390,height:844},{width:1440,height:900}]) {
const ctx = await b.newContext({viewport:vp});
const p = await ctx.newPage();
await p.goto('http://127.0.0.1:4422/id/support/');
await p.getByTestId('consent-banner').waitFor();
await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
await p.waitForTimeout(1500);
console.log(await p.evaluate(() => ({ var: document.documentElement.style.getPropertyValue('--consent-banner-height'), pad: getComputedStyle(document.body).paddingBlockEnd, sh: document.documentElement.scrollHeight, sy: scrollY, ih: innerHeight, banner: document.querySelector('[data-testid=consent-banner]').getBoundingClientRect().toJSON(), copy: document.querySelector('.footer__copyright').getBoundingClientRect().toJSON(), htmlOverflow: getComputedStyle(document.documentElement).overflow, bodyOverflow: getComputedStyle(document.body).overflow, sb: getComputedStyle(document.documentElement).scrollBehavior, bodyH: document.body.getBoundingClientRect().height, pageMin: getComputedStyle(document.querySelector('.page')).minHeight })));
await ctx.close(); }
await b.close();
