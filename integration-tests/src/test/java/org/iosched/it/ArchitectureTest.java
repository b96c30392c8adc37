package org.iosched.it;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of ARCHITECTURE.md, enforced: plugins (CFQ, deadline, devices, workloads) know
 * scheduler-api only; scheduler-api knows the JDK only; only the runner touches a logging backend; the packages
 * of every module form no cycle; no main source file outgrows what one reader can hold.
 */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.iosched");
    }

    @Test
    void pluginsDependOnSchedulerApiOnly() {
        classes().that().resideInAnyPackage("org.iosched.scheduler..", "org.iosched.device..", "org.iosched.workload..",
                        "org.iosched.biocontrol..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.iosched.api..", "org.iosched.scheduler..", "org.iosched.device..",
                        "org.iosched.workload..", "org.iosched.biocontrol..", "com.google.auto.service..")
                .because("plugins are written against scheduler-api alone, as a third party's are")
                .check(classes);
    }

    @Test
    void pluginPackagesDoNotReachEachOther() {
        noClasses().that().resideInAPackage("org.iosched.scheduler..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iosched.device..", "org.iosched.workload..")
                .check(classes);
        noClasses().that().resideInAPackage("org.iosched.device..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iosched.scheduler..", "org.iosched.workload..")
                .check(classes);
        noClasses().that().resideInAPackage("org.iosched.workload..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iosched.scheduler..", "org.iosched.device..")
                .check(classes);
    }

    @Test
    void schedulerApiDependsOnTheJdkOnly() {
        classes().that().resideInAPackage("org.iosched.api..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "org.iosched.api..")
                .check(classes);
    }

    @Test
    void simulatorNeverReachesTheRunnerOrPlugins() {
        noClasses().that().resideInAPackage("org.iosched.simulator..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iosched.runner..", "org.iosched.scheduler..",
                        "org.iosched.device..", "org.iosched.workload..", "org.iosched.biocontrol..")
                .check(classes);
    }

    @Test
    void theTwoBlockLayersStandBesideOneSharedCore() {
        noClasses().that().resideInAPackage("org.iosched.simulator.block..")
                .should().dependOnClassesThat().resideInAPackage("org.iosched.simulator.blkmq..")
                .because("the 3.0 elevator path and 6.6's blk-mq share only the block core")
                .check(classes);
        noClasses().that().resideInAPackage("org.iosched.simulator.blkmq..")
                .should().dependOnClassesThat().resideInAPackage("org.iosched.simulator.block..")
                .because("the 3.0 elevator path and 6.6's blk-mq share only the block core")
                .check(classes);
        noClasses().that().resideInAPackage("org.iosched.simulator.blk..")
                .should().dependOnClassesThat()
                .resideInAnyPackage("org.iosched.simulator.block..", "org.iosched.simulator.blkmq..")
                .because("the shared block core is below both block layers")
                .check(classes);
    }

    @Test
    void onlyTheRunnerUsesALoggingBackend() {
        noClasses().that().resideOutsideOfPackage("org.iosched.runner..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.logging..")
                .check(classes);
    }

    /** The most lines a main source file may have: a class mirrors a section of a kernel file, not a whole file. */
    static final int MAX_SOURCE_LINES = 800;

    @Test
    void noPackageCycleInAnyModule() {
        slices().assignedFrom(MODULE_PACKAGES)
                .should().beFreeOfCycles()
                .because("each module's packages are layers: a package of a module (its root package included) "
                        + "never depends on one that depends on it")
                .check(classes);
    }

    @Test
    void theSliceOfAClassIsItsPackageWithinItsModule() {
        assertThat(MODULE_PACKAGES.getIdentifierOf(classes.get("org.iosched.simulator.Simulation")))
                .isEqualTo(SliceIdentifier.of("org.iosched.simulator"));
        assertThat(MODULE_PACKAGES.getIdentifierOf(classes.get("org.iosched.runner.RunService")))
                .isEqualTo(SliceIdentifier.of("org.iosched.runner"));
        assertThat(MODULE_PACKAGES.getIdentifierOf(classes.get("org.iosched.api.Bio")))
                .isEqualTo(SliceIdentifier.ignore());
    }

    @Test
    void noMainSourceFilePassesTheSizeLimit() throws IOException {
        List<String> oversized;
        try (Stream<Path> files = Files.walk(Iosched.ROOT)) {
            oversized = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> Iosched.ROOT.relativize(file).toString().contains("/src/main/java/"))
                    .filter(file -> !Iosched.ROOT.relativize(file).startsWith("integration-tests"))
                    .filter(file -> lines(file) > MAX_SOURCE_LINES)
                    .map(file -> Iosched.ROOT.relativize(file) + " (" + lines(file) + " lines)")
                    .sorted()
                    .toList();
        }
        assertThat(oversized).as("main source files over %d lines", MAX_SOURCE_LINES).isEmpty();
    }

    @Test
    void everyMainPackageSaysWhatItIs() throws IOException {
        List<String> undocumented;
        try (Stream<Path> files = Files.walk(Iosched.ROOT)) {
            undocumented = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> Iosched.ROOT.relativize(file).toString().contains("/src/main/java/"))
                    .filter(file -> !Iosched.ROOT.relativize(file).startsWith("integration-tests"))
                    .map(Path::getParent)
                    .distinct()
                    .filter(dir -> !Files.exists(dir.resolve("package-info.java")))
                    .map(dir -> Iosched.ROOT.relativize(dir).toString())
                    .sorted()
                    .toList();
        }
        assertThat(undocumented).as("main packages without a package-info.java (what it models, what is internal)")
                .isEmpty();
    }

    private static long lines(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * A class's slice is its package below the module's root package ({@code org.iosched.simulator},
     * {@code org.iosched.runner}, ...), the root package itself being one; classes of another module are left
     * out, so that a slice cycle is always within one module.
     */
    private static final SliceAssignment MODULE_PACKAGES = new SliceAssignment() {
        private static final List<String> MODULE_ROOTS = List.of("org.iosched.simulator", "org.iosched.runner",
                "org.iosched.workload", "org.iosched.device", "org.iosched.biocontrol", "org.iosched.testkit",
                "org.iosched.spark");

        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            for (String root : MODULE_ROOTS) {
                if (name.equals(root) || name.startsWith(root + ".")) {
                    return SliceIdentifier.of(name);
                }
            }
            if (name.startsWith("org.iosched.scheduler.")) {
                return SliceIdentifier.of(name);
            }
            return SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the packages of each iosched module";
        }
    };
}
