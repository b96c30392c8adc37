package org.iosched.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LauncherTest {
    @TempDir
    Path cache;

    @Test
    void onlyABareJavaDashJarIsReplaced() {
        assertThat(Launcher.startsWithJar(new String[] {"-jar", "iosched.jar", "run", "job.fio"})).isTrue();
        assertThat(Launcher.startsWithJar(new String[] {"-jar", "iosched.jar"})).isTrue();
        assertThat(Launcher.startsWithJar(new String[] {"-Xmx8g", "-jar", "iosched.jar"})).isFalse();
        assertThat(Launcher.startsWithJar(new String[] {"-cp", "iosched.jar", "org.iosched.runner.Main"})).isFalse();
        assertThat(Launcher.startsWithJar(new String[] {"-jar"})).isFalse();
    }

    @Test
    void onlyHotSpotGetsHotSpotsOptions() {
        assertThat(Launcher.hotSpot("OpenJDK 64-Bit Server VM")).isTrue();
        assertThat(Launcher.hotSpot("Java HotSpot(TM) 64-Bit Server VM")).isTrue();
        assertThat(Launcher.hotSpot("Eclipse OpenJ9 VM")).isFalse();
        assertThat(Launcher.hotSpot(System.getProperty("java.vm.name"))).isTrue();
    }

    @Test
    void optionsInTheEnvironmentOrTheSwitchKeepThisJvm() {
        // the test JVM runs with options of Surefire's, so only the environment's verdicts can be told apart here
        assertThat(Launcher.plainJvm(Map.of("IOSCHED_JVM", "direct"))).isFalse();
        assertThat(Launcher.plainJvm(Map.of("IOSCHED_JVM", " DIRECT "))).isFalse();
        assertThat(Launcher.plainJvm(Map.of("JDK_JAVA_OPTIONS", "-Xmx1g"))).isFalse();
        assertThat(Launcher.plainJvm(Map.of("JAVA_TOOL_OPTIONS", "-agentpath:x"))).isFalse();
        assertThat(Launcher.plainJvm(Map.of("_JAVA_OPTIONS", "-Xss2m"))).isFalse();
    }

    @Test
    void theTunedJvmNamesTheCollectorAndSilencesTheArchivesLog() {
        assertThat(Launcher.TUNING).contains("-XX:+UseSerialGC", "-Xlog:cds*=off:stderr");
        // every -Xlog after the one that disables stdout's default writes to stderr
        assertThat(Launcher.TUNING.subList(Launcher.TUNING.indexOf("-Xlog:disable"), Launcher.TUNING.size()))
                .filteredOn(option -> option.startsWith("-Xlog:") && !option.equals("-Xlog:disable"))
                .isNotEmpty().allMatch(option -> option.endsWith(":stderr"));
        assertThat(Launcher.TUNING).noneMatch(option -> option.startsWith("-XX:SharedArchiveFile")
                || option.startsWith("-XX:ArchiveClassesAtExit"));
    }

    @Test
    void theChildRunsTheSameJarAndArgumentsInTheTunedJvm() {
        Path jar = Path.of("/opt/iosched/iosched.jar");
        assertThat(Launcher.childCommand("/usr/bin/setsid", "/jdk/bin/java", Optional.of("-XX:SharedArchiveFile=a.jsa"),
                42, jar, new String[] {"run", "job.fio", "--device", "ssd"}))
                .startsWith("/usr/bin/setsid", "/jdk/bin/java")
                .containsSubsequence(Launcher.TUNING)
                .containsSubsequence("-XX:SharedArchiveFile=a.jsa", "-Diosched.launcher=42", "-jar",
                        "/opt/iosched/iosched.jar", "run", "job.fio", "--device", "ssd")
                .endsWith("/opt/iosched/iosched.jar", "run", "job.fio", "--device", "ssd")
                .doesNotContainAnyElementsOf(Launcher.SCENARIO_TUNING);
        assertThat(Launcher.childCommand("/usr/bin/setsid", "/jdk/bin/java", Optional.empty(), 42, jar,
                new String[] {"--plugins", "p", "scenario", "s.yaml"}))
                .containsSubsequence(Launcher.SCENARIO_TUNING)
                .noneMatch(option -> option.contains("Archive"))
                .endsWith("-jar", "/opt/iosched/iosched.jar", "--plugins", "p", "scenario", "s.yaml");
    }

    @Test
    void theArchiveLivesInTheUsersCache() {
        assertThat(ClassArchive.cacheDirectory(Map.of("XDG_CACHE_HOME", "/var/cache/me")))
                .contains(Path.of("/var/cache/me", "iosched"));
        assertThat(ClassArchive.cacheDirectory(Map.of("XDG_CACHE_HOME", "relative")))
                .contains(Path.of(System.getProperty("user.home"), ".cache", "iosched"));
        assertThat(ClassArchive.cacheDirectory(Map.of()))
                .contains(Path.of(System.getProperty("user.home"), ".cache", "iosched"));
    }

    @Test
    void theArchivesNameFollowsTheJarAndTheJdk() {
        Path jar = Path.of("/opt/iosched/iosched.jar");
        String name = ClassArchive.name(jar, 100, 5, "17.0.15");
        assertThat(name).matches("iosched-[0-9a-f]{8}-[0-9a-f]{8}\\.jsa");
        assertThat(ClassArchive.name(jar, 100, 5, "17.0.15")).isEqualTo(name);
        // same place: same first part, so that a rebuild's archive replaces the last one
        String rebuilt = ClassArchive.name(jar, 101, 5, "17.0.15");
        assertThat(rebuilt).isNotEqualTo(name).startsWith(name.substring(0, 17));
        assertThat(ClassArchive.name(jar, 100, 6, "17.0.15")).isNotEqualTo(name);
        assertThat(ClassArchive.name(jar, 100, 5, "21.0.1")).isNotEqualTo(name);
        assertThat(ClassArchive.name(Path.of("/elsewhere/iosched.jar"), 100, 5, "17.0.15").substring(0, 17))
                .isNotEqualTo(name.substring(0, 17));
    }

    @Test
    void aRunThatEndsWellKeepsItsArchiveAndOneThatFailsLeavesNothing() throws Exception {
        Path jar = Files.writeString(cache.resolve("iosched.jar"), "not really a jar");
        Path xdg = cache.resolve("xdg");
        ClassArchive first = ClassArchive.in(xdg.resolve("iosched"), jar).orElseThrow();
        assertThat(first.option()).startsWith("-XX:ArchiveClassesAtExit=");
        Path written = Path.of(first.option().substring("-XX:ArchiveClassesAtExit=".length()));
        Files.writeString(written, "archive");
        first.settle(false);
        assertThat(written).doesNotExist();
        assertThat(xdg.resolve("iosched")).isEmptyDirectory();

        ClassArchive second = ClassArchive.in(xdg.resolve("iosched"), jar).orElseThrow();
        written = Path.of(second.option().substring("-XX:ArchiveClassesAtExit=".length()));
        Files.writeString(written, "archive");
        second.settle(true);
        ClassArchive third = ClassArchive.in(xdg.resolve("iosched"), jar).orElseThrow();
        assertThat(third.option()).startsWith("-XX:SharedArchiveFile=");
        Path kept = Path.of(third.option().substring("-XX:SharedArchiveFile=".length()));
        assertThat(kept).hasContent("archive");

        // the jar is rebuilt: a new archive is written, and the old one goes when it is kept
        Files.writeString(jar, "a longer jar than before");
        ClassArchive rebuilt = ClassArchive.in(xdg.resolve("iosched"), jar).orElseThrow();
        written = Path.of(rebuilt.option().substring("-XX:ArchiveClassesAtExit=".length()));
        Files.writeString(written, "new archive");
        rebuilt.settle(true);
        assertThat(kept).doesNotExist();
        try (var files = Files.list(xdg.resolve("iosched"))) {
            assertThat(files).hasSize(1).allMatch(f -> f.getFileName().toString().endsWith(".jsa"));
        }
    }

    @Test
    void theCacheKeepsTheArchivesUsedLastAndAUseCounts() throws Exception {
        Path directory = cache.resolve("many");
        Files.createDirectories(directory);
        long day = 86_400_000L;
        long now = System.currentTimeMillis();
        List<Path> old = new ArrayList<>();
        for (int i = 0; i < ClassArchive.KEPT + 3; i++) {
            Path archive = Files.writeString(directory.resolve("iosched-0000000" + Integer.toHexString(i)
                    + "-00000000.jsa"), "archive " + i);
            Files.setLastModifiedTime(archive, FileTime.fromMillis(now - (i + 2) * day)); // 0 the newest
            old.add(archive);
        }
        Path other = Files.writeString(directory.resolve("notes.txt"), "not an archive");
        Files.setLastModifiedTime(other, FileTime.fromMillis(now - 100 * day));
        Path killed = Files.writeString(directory.resolve("iosched-abcdef01-00000000.jsa.4242.tmp"), "half");
        Files.setLastModifiedTime(killed, FileTime.fromMillis(now - 2 * day));
        Path running = Files.writeString(directory.resolve("iosched-abcdef02-00000000.jsa.4243.tmp"), "half");
        // the oldest is used: it becomes the newest
        Path jar = Files.writeString(cache.resolve("iosched.jar"), "not really a jar");
        Path used = ClassArchive.fileIn(directory, jar);
        Files.move(old.remove(old.size() - 1), used);
        Files.setLastModifiedTime(used, FileTime.fromMillis(now - 200 * day));
        assertThat(ClassArchive.in(directory, jar).orElseThrow().option()).isEqualTo("-XX:SharedArchiveFile=" + used);
        assertThat(Files.getLastModifiedTime(used).toMillis()).isGreaterThan(now - day);

        // a new jar's archive is kept: the cache is cut down to the KEPT used last, the new one among them
        Path newJar = Files.writeString(cache.resolve("new.jar"), "another jar");
        ClassArchive fresh = ClassArchive.in(directory, newJar).orElseThrow();
        Path written = Path.of(fresh.option().substring("-XX:ArchiveClassesAtExit=".length()));
        Files.writeString(written, "new archive");
        fresh.settle(true);
        try (var files = Files.list(directory)) {
            List<String> left = files.map(f -> f.getFileName().toString()).sorted().toList();
            assertThat(left).as("the archives used last, a file not ours, and a run's archive being written")
                    .hasSize(ClassArchive.KEPT + 2)
                    .contains("notes.txt", used.getFileName().toString(), running.getFileName().toString())
                    .doesNotContain(killed.getFileName().toString());
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < ClassArchive.KEPT - 2; i++) {
                expected.add(old.get(i).getFileName().toString());
            }
            assertThat(left).containsAll(expected);
            assertThat(left).doesNotContain(old.get(ClassArchive.KEPT - 2).getFileName().toString());
        }
    }
}
