/**
 * Runs while the server's page waits for its scripts. The first `Intl.NumberFormat` of a page costs 75 to 90 ms in
 * Chromium at 4× CPU slowdown, and the next one under 2 ms (ICU loads its number data once). next-intl pays that on
 * the first message with a number in it ("# stars"), in the middle of the take-over when the first page has one, or
 * on the first page move to such a page. This pays it at the first idle moment after the HTML instead, for the page's
 * language (`<html lang>`, the locale next-intl formats with). Static code, no data: safe as inline script.
 */
export const INTL_WARM_UP_SCRIPT = `(function(){function f(){try{var l=document.documentElement.lang;new Intl.NumberFormat(l).format(1);new Intl.PluralRules(l).select(1)}catch(e){}}if(window.requestIdleCallback)window.requestIdleCallback(f);else setTimeout(f,0)})();`;
