package org.iosched.runner.cli;

import java.io.PrintWriter;
import java.util.OptionalInt;
import org.iosched.runner.launch.ChildJvm;
import org.iosched.runner.launch.Launcher;

/** Entry point of {@code java -jar iosched.jar}. */
public final class Main {
    private Main() {
    }

    /** Run the command line and exit with its code (0 ok, 1 internal error, 2 user error, 3 plugin failure). */
    public static void main(String[] args) {
        // a plain java -jar re-runs itself in a JVM tuned for simulation, and exits with its code
        OptionalInt relaunched = Launcher.relaunch(args);
        if (relaunched.isPresent()) {
            System.exit(relaunched.getAsInt());
        }
        ChildJvm.watchLauncher(ExitCodes.INTERRUPTED);
        // charts are drawn off screen: never open a display
        System.setProperty("java.awt.headless", "true");
        Warmup.start();
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = IoschedCommand.execute(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }
}
