package org.iosched.runner.launch;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

/**
 * The class-data-sharing archive of one jar on one JDK: used when present, otherwise written by this run
 * into a file of its own and kept if the run ends well (an archive of a failed run may lack most classes).
 */
final class ClassArchive {
    /**
     * Archives the cache keeps, the most recently used: one per jar path and JDK would otherwise pile up (about
     * 12 MB each) with every clone or copy of the jar that ever ran.
     */
    static final int KEPT = 8;
    private final Path file;
    private final Path pending;

    private ClassArchive(Path file, Path pending) {
        this.file = file;
        this.pending = pending;
    }

    /** The archive for {@code jar} in the user's cache, or empty when there is no cache to use. */
    static Optional<ClassArchive> of(Path jar) {
        return cacheDirectory(System.getenv()).flatMap(directory -> in(directory, jar));
    }

    /** The archive for {@code jar} in {@code directory} (made if missing), or empty when it cannot be made. */
    static Optional<ClassArchive> in(Path directory, Path jar) {
        try {
            Files.createDirectories(directory);
            Path file = fileIn(directory, jar);
            if (Files.isReadable(file)) {
                markUsed(file);
                return Optional.of(new ClassArchive(file, null));
            }
            if (!Files.isWritable(directory)) {
                return Optional.empty();
            }
            Path pending = directory.resolve(file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
            return Optional.of(new ClassArchive(file, pending));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Where the archive of {@code jar} on this JDK lives in {@code directory}. */
    static Path fileIn(Path directory, Path jar) throws IOException {
        return directory.resolve(name(jar, Files.size(jar), Files.getLastModifiedTime(jar).toMillis(),
                System.getProperty("java.vm.version", "") + System.getProperty("java.home", "")));
    }

    /** An archive's time of modification is its last use, which decides the {@link #KEPT} ones. */
    private static void markUsed(Path archive) {
        try {
            Files.setLastModifiedTime(archive, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException | RuntimeException e) {
            // a read-only cache: the archive is used all the same, and may go first when space is made
        }
    }

    /** {@code $XDG_CACHE_HOME/iosched}, else {@code ~/.cache/iosched}. */
    static Optional<Path> cacheDirectory(Map<String, String> environment) {
        String xdg = environment.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Optional.of(Path.of(xdg, "iosched"));
        }
        String home = System.getProperty("user.home");
        if (home == null || home.isBlank() || "?".equals(home)) {
            return Optional.empty();
        }
        return Optional.of(Path.of(home, ".cache", "iosched"));
    }

    /** A file name that changes with the jar's path, size and time and with the JDK. */
    static String name(Path jar, long size, long modified, String jdk) {
        CRC32 place = new CRC32();
        place.update(jar.toString().getBytes(StandardCharsets.UTF_8));
        CRC32 state = new CRC32();
        state.update((size + "/" + modified + "/" + jdk).getBytes(StandardCharsets.UTF_8));
        // no String.format: the launcher loads as few classes as it can
        return "iosched-" + hex8(place.getValue()) + "-" + hex8(state.getValue()) + ".jsa";
    }

    private static String hex8(long value) {
        String hex = Long.toHexString(value);
        return "00000000".substring(hex.length()) + hex;
    }

    /** The JVM option that uses or writes the archive. */
    String option() {
        return pending == null ? "-XX:SharedArchiveFile=" + file : "-XX:ArchiveClassesAtExit=" + pending;
    }

    /** After the run: keep a written archive if the run ended well, and drop older ones of the same jar. */
    void settle(boolean keep) {
        if (pending == null) {
            return;
        }
        try {
            if (keep && Files.size(pending) > 0) {
                Files.move(pending, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                markUsed(file);
                tidy();
            }
        } catch (IOException | RuntimeException e) {
            // another run may have kept its archive first, or the cache is read-only now: no archive this time
        } finally {
            discard();
        }
    }

    /** Delete what this run wrote, if anything is left of it. */
    void discard() {
        if (pending != null) {
            delete(pending.toFile());
        }
    }

    /**
     * Makes room in the cache once this archive is kept: drops the archives of earlier builds of the same jar
     * (same path, other size, time or JDK) and what runs of any jar left pending over an hour ago (ended by
     * SIGKILL while writing), then all but the {@link #KEPT} archives used last.
     */
    private void tidy() {
        String name = file.getFileName().toString();
        String prefix = name.substring(0, name.indexOf('-', "iosched-".length()) + 1);
        File[] files = file.getParent().toFile().listFiles((dir, other) -> other.startsWith("iosched-"));
        if (files == null) {
            return;
        }
        List<File> archives = new ArrayList<>(files.length);
        for (File other : files) {
            String otherName = other.getName();
            if (!isOld(other)) {
                continue; // a run's archive being written
            } else if (otherName.endsWith(".tmp") || (otherName.startsWith(prefix) && !otherName.equals(name))) {
                delete(other);
            } else if (otherName.endsWith(".jsa")) {
                archives.add(other);
            }
        }
        archives.sort(Comparator.comparingLong(File::lastModified).reversed());
        for (int i = KEPT; i < archives.size(); i++) {
            delete(archives.get(i));
        }
    }

    private static void delete(File file) {
        try {
            Files.deleteIfExists(file.toPath());
        } catch (IOException e) {
            // in use elsewhere or not ours to delete: left for the next run's clean-up
        }
    }

    /** A pending file may belong to a run still going: only those an hour old go. Archives go at once. */
    private static boolean isOld(File other) {
        return !other.getName().endsWith(".tmp")
                || System.currentTimeMillis() - other.lastModified() > TimeUnit.HOURS.toMillis(1);
    }
}
