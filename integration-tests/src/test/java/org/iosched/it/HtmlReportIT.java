package org.iosched.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code iosched scenario FILE --report report.html} opened in a real headless browser (Chromium, from Debian's
 * {@code chromium} package; {@code .ci/run} installs it when missing): the page loads offline without errors and
 * every chart image is present and decoded. A copy of the page gets a small check script that, once the page has
 * loaded, writes how many images there are and how many decoded ({@code naturalWidth > 0}) and the errors seen;
 * {@code --dump-dom} prints the DOM with that marker. Without Chromium the test says so and is reported skipped.
 */
class HtmlReportIT {
    private static final String SCENARIO = """
            name: html
            title: a rate-limited reader under two schedulers
            thread: none (a test scenario)
            device: ssd
            seeds: [1]
            workload:
              fio: |
                [reader]
                direct=1
                rw=randread
                bs=4k
                size=64m
                rate_iops=2000
                runtime=2
                time_based
            metrics:
              - {label: bw, jobs: reader, metric: read.bw}
            axes:
              - name: scheduler
                variants:
                  - {label: cfq, scheduler: cfq}
                  - {label: deadline, scheduler: deadline}
            reference:
              - row: {scheduler: cfq}
                values: {bw: "7.9 <ours>"}
            """;

    /** Records errors (scripts and resources) from the start of the page. */
    private static final String ERROR_HOOK = "<script>window.__errors=[];window.addEventListener('error',"
            + "function(e){window.__errors.push(String(e.message||(e.target&&e.target.title)||e.type));},true);"
            + "</script>";

    /** Once loaded: the images, how many decoded, which did not, and the errors. */
    private static final String CHECK = "<script>window.addEventListener('load',function(){var im=document.images,"
            + "ok=0,bad=[];for(var i=0;i<im.length;i++){if(im[i].complete&&im[i].naturalWidth>0){ok++;}else{"
            + "bad.push(im[i].title);}}var m=document.createElement('pre');m.id='iosched-check';m.textContent="
            + "'images='+im.length+' decoded='+ok+' bad=['+bad.join(',')+'] errors=['+window.__errors.join(',')+']';"
            + "document.body.appendChild(m);});</script>";

    private static final Pattern MARKER = Pattern.compile(
            "<pre id=\"iosched-check\">images=(\\d+) decoded=(\\d+) bad=\\[(.*?)] errors=\\[(.*?)]</pre>");

    @TempDir
    Path dir;

    @Test
    void theReportLoadsOfflineInChromiumWithEveryChartDecoded() throws Exception {
        Path scenario = dir.resolve("html.yaml");
        Files.writeString(scenario, SCENARIO);
        Path report = dir.resolve("report.html");
        Iosched.Outcome outcome = Iosched.run(dir, "scenario", scenario.toString(), "--report", report.toString());
        assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
        String html = Files.readString(report, StandardCharsets.UTF_8);
        // one bar chart, and per row the reader's bw, iops and clat CDF charts
        assertThat(html.split("<img ", -1)).hasSize(1 + (1 + 2 * 3));
        assertThat(html).contains("<td class=\"thread\">7.9 &lt;ours&gt;</td>").doesNotContain("http:")
                .doesNotContain("https:");

        Path chromium = chromium();
        Assumptions.assumeTrue(chromium != null, "HTML report in a browser: skipped, no chromium on the PATH"
                + " (Debian: apt-get install chromium; .ci/run installs it as root)");

        Path checked = dir.resolve("checked.html");
        Files.writeString(checked, html.replaceFirst("<head>", "<head>" + ERROR_HOOK)
                .replace("</body>", CHECK + "</body>"), StandardCharsets.UTF_8);
        String dom = dumpDom(chromium, checked);
        Matcher marker = MARKER.matcher(dom);
        assertThat(marker.find()).as("the check script's marker in chromium's DOM:\n" + tail(dom)).isTrue();
        assertThat(marker.group(1)).isEqualTo("7");
        assertThat(marker.group(2)).as("decoded images; not decoded: " + marker.group(3)).isEqualTo("7");
        assertThat(marker.group(4)).as("errors while loading").isEmpty();
        assertThat(dom).contains("<td>deadline</td>");
    }

    @Test
    void aBrokenImageIsCaughtByTheCheck() throws Exception {
        Path chromium = chromium();
        Assumptions.assumeTrue(chromium != null, "HTML report in a browser: skipped, no chromium on the PATH");
        Path page = dir.resolve("broken.html");
        Files.writeString(page, "<!DOCTYPE html><html><head>" + ERROR_HOOK + "</head><body><img title=\"bad\" "
                + "src=\"data:image/png;base64,iVBORw0KGgoAAAAN\">" + CHECK + "</body></html>");
        Matcher marker = MARKER.matcher(dumpDom(chromium, page));
        assertThat(marker.find()).isTrue();
        assertThat(marker.group(1)).isEqualTo("1");
        assertThat(marker.group(2)).isEqualTo("0");
        assertThat(marker.group(3)).isEqualTo("bad");
        assertThat(marker.group(4)).as("the error hook saw the image fail").isEqualTo("bad");
    }

    private String dumpDom(Path chromium, Path page) throws IOException, InterruptedException {
        Path profile = Files.createDirectories(dir.resolve("profile"));
        Path out = dir.resolve("dom.txt");
        Path err = dir.resolve("chromium-err.txt");
        Process process = new ProcessBuilder(List.of(chromium.toString(), "--headless", "--disable-gpu",
                "--no-sandbox", "--no-first-run", "--disable-extensions", "--user-data-dir=" + profile,
                "--virtual-time-budget=5000", "--dump-dom", page.toUri().toString()))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        process.getOutputStream().close();
        // a hang guard, not a speed limit
        if (!process.waitFor(Iosched.HANG_GUARD_MINUTES, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("chromium did not finish within the hang guard");
        }
        String dom = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as("chromium's exit code; stderr:\n" + Files.readString(err)).isZero();
        return dom;
    }

    private static String tail(String text) {
        return text.length() <= 2000 ? text : text.substring(text.length() - 2000);
    }

    /** {@code chromium} (or {@code chromium-browser}) on the PATH, or null. */
    static Path chromium() {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String name : List.of("chromium", "chromium-browser")) {
            for (String entry : path.split(File.pathSeparator)) {
                Path candidate = Path.of(entry, name);
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
